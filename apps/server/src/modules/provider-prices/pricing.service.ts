import { eq } from 'drizzle-orm';
import { aiBackgroundParamsSchema } from '@lumen/core/services/ai-background-params';
import { imageGeneratorParamsSchema } from '@lumen/core/services/image-generator-params';
import { salesPilotParamsSchema } from '@lumen/core/services/sales-pilot-params';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { soundGeneratorParamsSchema } from '@lumen/core/services/sound-generator-params';
import { speedpaintingParamsSchema } from '@lumen/core/services/speedpainting-params';
import { providerPriceMessages } from '@lumen/core/admin/provider-prices';
import type { ProviderPrices } from '@lumen/core/admin/provider-prices';
import type { ProviderName } from '@lumen/core/services/providers';
import { defaultModels, overrideKey, providerPrices, publishedPriceMicroUsd, runCostMicroUsd } from '@lumen/engines';
import type { EngineRegistry, PriceOverrides, ProviderUsage } from '@lumen/engines';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { listActivePackages, listServiceCosts } from '../credits/index.ts';
import { userDirectory } from '../users/index.ts';
import { belowCostAllowances, providerPriceOverrides } from './tables.ts';

const MICRO = 1_000_000;
/** Other processes see an admin's change within this long; this process at once. */
export const PRICING_CACHE_MS = 5_000;

type Engines = Pick<EngineRegistry, 'infoFor' | 'providersOf'>;

/** What prices and margins are worked out from: overrides, allowances, what a credit earns and what each service costs. */
export type Pricing = {
  overrides: PriceOverrides;
  allowed: ReadonlySet<string>;
  creditValue: { usdPerCredit: number | null; packageName: string | null };
  credits: Partial<Record<string, number>>;
};

const cache = new WeakMap<Db, { value: Pricing; expiresAt: number }>();

/** Forgets this process's copy after an admin's change. */
export const forgetPricing = (db: Db) => cache.delete(db);

/** The cheapest credit among the active credit packages: its price over its credits (no card processor fee is modelled). */
async function creditValueOf(db: Db): Promise<Pricing['creditValue']> {
  const packages = (await listActivePackages(db)).map((row) => ({
    name: row.name,
    priceCents: row.priceCents,
    credits: row.creditsAmount,
  }));
  const cheapest = packages.reduce<(typeof packages)[number] | null>(
    (best, row) => (best === null || row.priceCents / row.credits < best.priceCents / best.credits ? row : best),
    null,
  );
  return cheapest
    ? { usdPerCredit: cheapest.priceCents / 100 / cheapest.credits, packageName: cheapest.name }
    : { usdPerCredit: null, packageName: null };
}

/** The pricing this process works with, cached briefly per database. */
export async function loadPricing(db: Db): Promise<Pricing> {
  const hit = cache.get(db);
  if (hit && hit.expiresAt > Date.now()) return hit.value;
  const [overrides, allowances, creditValue, costs] = await Promise.all([
    db.select().from(providerPriceOverrides),
    db.select().from(belowCostAllowances).where(eq(belowCostAllowances.allowed, true)),
    creditValueOf(db),
    listServiceCosts(db),
  ]);
  const value: Pricing = {
    overrides: Object.fromEntries(overrides.map((row) => [overrideKey(row.provider, row.model, row.rate), row.usdPerUnit])),
    allowed: new Set(allowances.map((row) => row.service)),
    creditValue,
    credits: Object.fromEntries(costs.map((row) => [row.serviceKey, row.cost])),
  };
  cache.set(db, { value, expiresAt: Date.now() + PRICING_CACHE_MS });
  return value;
}

/** A service's params as a job with no options stores them: the default parameters of the margins. */
export const defaultParamsOf: Record<ServiceKey, Record<string, unknown>> = {
  'ai-background': aiBackgroundParamsSchema.parse({ mode: 'transparent' }),
  'image-generator': imageGeneratorParamsSchema.parse({ prompt: 'a fox in the snow' }),
  'virtual-try-on': { category: 'top' },
  speedpainting: speedpaintingParamsSchema.parse({}),
  'sales-pilot': salesPilotParamsSchema.parse({}),
  'sound-generator': soundGeneratorParamsSchema.parse({ prompt: 'rain on a tin roof' }),
};

/** Each configured provider's expected cost of a job with these params, in millionths of a dollar (null: no price). */
function providerCosts(pricing: Pricing, engines: Engines, service: ServiceKey, params: Record<string, unknown>) {
  return engines.providersOf(service).map((provider) => ({
    provider: provider.name,
    model: provider.model,
    cost: publishedPriceMicroUsd(provider.name, provider.model, { ...params, ...provider.pricing }, pricing.overrides),
  }));
}

/**
 * The expected provider cost of a job, in millionths of a dollar: the highest of its configured providers' (a job may
 * fall back to any of them), at the admin's prices; 0 on the built-in engine, null when a provider has no price.
 */
export function expectedCostOf(pricing: Pricing, engines: Engines, service: ServiceKey, params: Record<string, unknown>): number | null {
  if (engines.infoFor(service).kind !== 'remote') return 0;
  const costs = providerCosts(pricing, engines, service, params).map(({ cost }) => cost);
  if (costs.length === 0) return 0;
  return costs.some((cost) => cost === null) ? null : Math.max(...(costs as number[]));
}

/** The expected provider cost of a job of `service` with these params (budget reservation and the below-cost check call this). */
export async function expectedJobCostMicroUsd(
  deps: { db: Db; engines: Engines },
  service: ServiceKey,
  params: Record<string, unknown>,
): Promise<number | null> {
  return expectedCostOf(await loadPricing(deps.db), deps.engines, service, params);
}

/**
 * The expected cost of one provider's request for a job, at the admin's prices and that provider's settings (what a
 * budget reservation holds before the request is sent); null without a price on record.
 */
export async function expectedProviderCostMicroUsd(
  deps: { db: Db; engines: Engines },
  service: ServiceKey,
  provider: { name: ProviderName; model: string },
  params: Record<string, unknown>,
): Promise<number | null> {
  const pricing = await loadPricing(deps.db);
  const configured = deps.engines.providersOf(service).find(({ name }) => name === provider.name);
  return publishedPriceMicroUsd(provider.name, provider.model, { ...params, ...configured?.pricing }, pricing.overrides);
}

/** What the credits of one job earn, in millionths of a dollar; null without a credit value (and credits to value). */
function revenueOf(pricing: Pricing, service: ServiceKey): number | null {
  const credits = pricing.credits[service] ?? 0;
  if (credits === 0) return 0;
  return pricing.creditValue.usdPerCredit === null ? null : Math.round(credits * pricing.creditValue.usdPerCredit * MICRO);
}

/** A job sells below cost when its expected cost is above what its credits earn, or unknown. */
const sellsBelowCost = (expected: number | null, revenue: number | null) => expected === null || (revenue !== null && expected > revenue);

/**
 * Refuses a job on hosted providers that would cost more than its credits earn (or whose cost is unknown), before
 * anything is charged, unless an admin allowed selling that service below cost.
 */
export async function checkNotBelowCost(
  deps: { db: Db; engines: Engines },
  service: ServiceKey,
  params: Record<string, unknown>,
): Promise<void> {
  if (deps.engines.infoFor(service).kind !== 'remote') return;
  const pricing = await loadPricing(deps.db);
  if (pricing.allowed.has(service)) return;
  const expected = expectedCostOf(pricing, deps.engines, service, params);
  const revenue = revenueOf(pricing, service);
  if (!sellsBelowCost(expected, revenue)) return;
  throw new AppError('SERVICE_UNAVAILABLE', 503, providerPriceMessages.belowCost, {
    meta: {
      reason: 'below_cost',
      expectedUsd: expected === null ? null : expected / MICRO,
      revenueUsd: revenue === null ? null : revenue / MICRO,
    },
  });
}

/**
 * What a finished (or billed failed) run cost, in millionths of a dollar: from the usage the provider reported, priced
 * at the admin's rates; else the engine's own figure; else the expected price at its params. null without a price.
 */
export function runCostOf(
  pricing: Pricing,
  engines: Engines,
  service: ServiceKey,
  run: { name: ProviderName; model: string; costMicroUsd?: number | null; usage?: ProviderUsage },
  params: Record<string, unknown>,
): number | null {
  const configured = engines.providersOf(service).find(({ name }) => name === run.name);
  const priced = { ...params, ...configured?.pricing };
  if (run.usage) return runCostMicroUsd(run.name, run.model, priced, run.usage, pricing.overrides) ?? run.costMicroUsd ?? null;
  if (typeof run.costMicroUsd === 'number') return run.costMicroUsd;
  return runCostMicroUsd(run.name, run.model, priced, undefined, pricing.overrides);
}

/** Each service's expected cost at the default parameters against what its credits earn (admin page and start-up). */
export function serviceMarginsOf(pricing: Pricing, engines: Engines): ProviderPrices['services'] {
  return serviceKeys.map((service) => {
    const remote = engines.infoFor(service).kind === 'remote';
    const params = defaultParamsOf[service];
    const providers = remote ? providerCosts(pricing, engines, service, params) : [];
    const expected = expectedCostOf(pricing, engines, service, params);
    const revenue = revenueOf(pricing, service);
    const credits = pricing.credits[service] ?? 0;
    const creditValue = pricing.creditValue.usdPerCredit;
    return {
      service,
      name: serviceNames[service],
      credits,
      revenueUsd: revenue === null ? null : revenue / MICRO,
      engine: remote ? ('remote' as const) : ('builtin' as const),
      providers: providers.map(({ provider, model, cost }) => ({ provider, model, expectedUsd: cost === null ? null : cost / MICRO })),
      expectedUsd: expected === null ? null : expected / MICRO,
      marginUsd: expected === null || revenue === null ? null : (revenue - expected) / MICRO,
      withinHalf: expected === null || creditValue === null ? null : expected <= (credits * creditValue * MICRO) / 2,
      belowCost: remote && sellsBelowCost(expected, revenue),
      allowedBelowCost: pricing.allowed.has(service),
    };
  });
}

const dollars = (value: number | null) => (value === null ? 'unknown' : `$${value.toFixed(value < 0.1 ? 4 : 3)}`);

/** One start-up line per service on hosted providers: its expected cost, what its credits earn, and whether it sells below cost. */
export function marginLines(pricing: Pricing, engines: Engines): { service: ServiceKey; line: string; belowCost: boolean }[] {
  return serviceMarginsOf(pricing, engines)
    .filter((row) => row.engine === 'remote')
    .map((row) => {
      const earns = row.credits === 0 ? 'it is free (0 credits)' : `${row.credits} credit(s) earn ${dollars(row.revenueUsd)}`;
      const margin = row.marginUsd === null ? '' : `; margin ${dollars(row.marginUsd)}`;
      const verdict = !row.belowCost
        ? ''
        : row.allowedBelowCost
          ? '; SELLS BELOW COST, allowed by an admin'
          : '; SELLS BELOW COST: its jobs are refused until an admin allows it on /admin/providers';
      return {
        service: row.service,
        belowCost: row.belowCost && !row.allowedBelowCost,
        line: `${row.service} costs ${dollars(row.expectedUsd)} per job at default parameters on ${row.providers
          .map(({ provider, model }) => `${provider} (${model})`)
          .join(', ')}; ${earns}${margin}${verdict}`,
      };
    });
}

const editor = userDirectory('editor');

/** The admin providers page's prices: every price on record with the admin's overrides, and the margins. */
export async function adminProviderPrices(db: Db, engines: Engines): Promise<ProviderPrices> {
  forgetPricing(db);
  const [pricing, overrides] = await Promise.all([
    loadPricing(db),
    db
      .select({
        provider: providerPriceOverrides.provider,
        model: providerPriceOverrides.model,
        rate: providerPriceOverrides.rate,
        updatedAt: providerPriceOverrides.updatedAt,
        updatedBy: editor.email,
      })
      .from(providerPriceOverrides)
      .leftJoin(editor, eq(editor.id, providerPriceOverrides.updatedBy)),
  ]);
  const configured = new Set(serviceKeys.flatMap((service) => engines.providersOf(service).map(({ name, model }) => `${name} ${model}`)));
  const defaults = new Set(defaultModels.map(({ provider, model }) => `${provider} ${model}`));
  return {
    creditValue: pricing.creditValue,
    services: serviceMarginsOf(pricing, engines),
    prices: providerPrices.map((price) => ({
      provider: price.provider,
      model: price.model,
      source: price.source,
      checked: price.checked,
      confirmed: price.confirmed,
      note: price.note,
      inUse: configured.has(`${price.provider} ${price.model}`) || defaults.has(`${price.provider} ${price.model}`),
      rates: price.rates.map((rate) => {
        const override = overrides.find((row) => row.provider === price.provider && row.model === price.model && row.rate === rate.key);
        return {
          rate: rate.key,
          unit: rate.unit,
          publishedUsd: rate.usd,
          overrideUsd: override ? (pricing.overrides[overrideKey(price.provider, price.model, rate.key)] ?? null) : null,
          overriddenAt: override?.updatedAt.toISOString() ?? null,
          overriddenBy: override?.updatedBy ?? null,
        };
      }),
    })),
  };
}

/** Whether a rate is on record for a provider's model (an override of anything else is refused). */
export const isKnownRate = (provider: string, model: string, rate: string) =>
  providerPrices.some((price) => price.provider === provider && price.model === model && price.rates.some(({ key }) => key === rate));
