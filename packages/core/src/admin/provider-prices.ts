import { z } from 'zod';
import { numberField } from '../http/number-field.ts';
import { serviceKeys } from '../services/catalogue.ts';
import { providerNames } from '../services/providers.ts';

export const providerPriceMessages = {
  /** A job refused because its service on hosted providers would cost more than it earns (503, nothing charged). */
  belowCost:
    'This tool is unavailable for now: on its hosted AI model it would cost more to run than its price. You have not been charged.',
  overrideSaved: 'Price saved',
  overrideCleared: 'Published price restored',
  allowanceSaved: 'Saved',
  unknownPrice: 'No price is on record for this provider, model and unit',
} as const;

/** PUT /admin/provider-prices/override: an admin's price for one unit of one provider's model; null restores the published one. */
export const priceOverrideBodySchema = z.strictObject({
  provider: z.enum(providerNames, 'Unknown provider'),
  model: z.string().trim().min(1, 'Name the model').max(200, 'The model must be at most 200 characters'),
  rate: z.string().trim().min(1, 'Name the unit').max(60, 'The unit must be at most 60 characters'),
  usdPerUnit: numberField('The price')
    .min(0, 'The price must be 0 or more')
    .max(10_000, 'The price must be at most 10000 dollars per unit')
    .nullable(),
});
export type PriceOverrideBody = z.infer<typeof priceOverrideBodySchema>;

/** PUT /admin/provider-prices/below-cost: whether jobs of a service may run although they would sell below cost. */
export const belowCostBodySchema = z.strictObject({
  service: z.enum(serviceKeys, 'Unknown service'),
  allowed: z.boolean('allowed must be true or false'),
});
export type BelowCostBody = z.infer<typeof belowCostBodySchema>;

const usd = z.number();

/** GET /admin/provider-prices: what a credit earns, each service's expected cost and margin, and every price on record. */
export const providerPricesSchema = z.object({
  /**
   * Net revenue per credit of the cheapest-per-credit active credit package (its price; no card fee is modelled);
   * null without an active package.
   */
  creditValue: z.object({ usdPerCredit: usd.nullable(), packageName: z.string().nullable() }),
  services: z.array(
    z.object({
      service: z.enum(serviceKeys),
      name: z.string(),
      /** Credits a job costs (0: free, with a daily limit). */
      credits: z.number().int(),
      /** What the credits of one job earn: credits × the credit value; null without a credit value. */
      revenueUsd: usd.nullable(),
      /** built-in: no provider cost. */
      engine: z.enum(['builtin', 'remote']),
      /** Each configured provider's expected cost per job at the default parameters (null: no price on record). */
      providers: z.array(z.object({ provider: z.enum(providerNames), model: z.string(), expectedUsd: usd.nullable() })),
      /** The highest of those (a job may fall back to any of them); 0 on the built-in engine; null when one is unknown. */
      expectedUsd: usd.nullable(),
      /** revenue − expected cost; null when either is unknown. */
      marginUsd: usd.nullable(),
      /** The expected cost keeps to at most half the credit value (the shipped target). */
      withinHalf: z.boolean().nullable(),
      /** Expected cost above revenue, or a provider without a price: jobs are refused unless allowed. */
      belowCost: z.boolean(),
      allowedBelowCost: z.boolean(),
    }),
  ),
  prices: z.array(
    z.object({
      provider: z.enum(providerNames),
      model: z.string(),
      source: z.string(),
      checked: z.string(),
      confirmed: z.boolean(),
      note: z.string(),
      /** A default model, or configured here. */
      inUse: z.boolean(),
      rates: z.array(
        z.object({
          rate: z.string(),
          unit: z.string(),
          publishedUsd: usd,
          overrideUsd: usd.nullable(),
          overriddenAt: z.string().nullable(),
          overriddenBy: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type ProviderPrices = z.infer<typeof providerPricesSchema>;
