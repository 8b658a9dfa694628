import { z } from 'zod';
import { cardBrand, cardFieldMessages, checkExpiry, cvcLength, luhnValid } from './card-fields.ts';

export { luhnValid } from './card-fields.ts';

/** Card payments (payments contract "Card"): request and response bodies, and the test-card rules. */

/** What a payment route answers (503) when the server has neither the provider's keys nor PAYMENTS_SANDBOX=true. */
export const paymentsNotConfiguredMessages = {
  card: 'Card payments are not configured',
  crypto: 'Crypto payments are not configured',
} as const;

export const paymentConfigSchema = z.object({
  /** False when the server has neither the provider's keys nor the test-mode sandbox: its payment routes answer 503. */
  available: z.object({ card: z.boolean(), crypto: z.boolean() }),
  testMode: z.object({ card: z.boolean(), crypto: z.boolean() }),
  stripePublishableKey: z.string().nullable(),
  cryptoMinimumAmount: z.number(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

const uuidField = (label: string) => z.uuid({ error: `${label} must be a valid id` });
const urlField = (label: string) => z.url({ protocol: /^https?$/, error: `${label} must be an http(s) URL` }).max(2048);

export const createPaymentIntentBodySchema = z
  .object({ packageId: uuidField('packageId') })
  .strict()
  .meta({ examples: [{ packageId: '6f1c1f38-3d2c-4a57-9d2b-7b8c2b7f0c11' }] });
export const paymentIntentResultSchema = z.object({
  clientSecret: z.string(),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  orderId: z.uuid(),
});
export type PaymentIntentResult = z.infer<typeof paymentIntentResultSchema>;

export const createCheckoutSessionBodySchema = z
  .object({ packageId: uuidField('packageId'), successUrl: urlField('successUrl'), cancelUrl: urlField('cancelUrl') })
  .strict()
  .meta({
    examples: [
      {
        packageId: '6f1c1f38-3d2c-4a57-9d2b-7b8c2b7f0c11',
        successUrl: 'https://lumen.example/dashboard/billing?payment=success',
        cancelUrl: 'https://lumen.example/pricing?payment=cancelled',
      },
    ],
  });
export const checkoutSessionResultSchema = z.object({ sessionId: z.string(), url: z.string(), orderId: z.uuid() });
export type CheckoutSessionResult = z.infer<typeof checkoutSessionResultSchema>;

export const creditPackCheckoutBodySchema = z
  .object({
    packId: uuidField('packId'),
    quantity: z
      .number({ error: 'quantity must be a whole number from 1 to 100' })
      .int('quantity must be a whole number from 1 to 100')
      .min(1, 'quantity must be a whole number from 1 to 100')
      .max(100, 'quantity must be a whole number from 1 to 100')
      .default(1),
  })
  .strict()
  .meta({ examples: [{ packId: '6f1c1f38-3d2c-4a57-9d2b-7b8c2b7f0c11', quantity: 2 }] });

export const subscriptionCheckoutBodySchema = z
  .object({ planId: uuidField('planId') })
  .strict()
  .meta({ examples: [{ planId: '8e2d4b6a-1f3c-4d5e-9a7b-2c4e6f8a0b1d' }] });
export const subscriptionCheckoutResultSchema = z.object({ sessionId: z.string(), url: z.string(), subscriptionId: z.uuid() });

export const cardResultStatuses = ['succeeded', 'requires_action', 'requires_payment_method'] as const;
export const testCardResultSchema = z.object({ status: z.enum(cardResultStatuses), message: z.string().optional() });
export type TestCardResult = z.infer<typeof testCardResultSchema>;

export const testCardConfirmBodySchema = z
  .object({
    clientSecret: z.string().min(1, 'clientSecret is required').max(200),
    cardNumber: z.string().min(1, 'Card number is required').max(40),
    expiry: z.string().min(1, 'Expiry is required').max(10),
    cvc: z.string().min(1, 'CVC is required').max(10),
    /** The cardholder's name as the form collects it (autocomplete cc-name); test mode checks it and keeps no card data. */
    name: z.string().trim().min(1, 'Enter the name on the card.').max(100, 'The name on the card is at most 100 characters').optional(),
  })
  .strict()
  .meta({
    examples: [
      {
        clientSecret: 'pi_test_4f2a9c1e7b3d5a8e6c0f1b2d_secret_9e8d7c6b5a4f3e2d1c0b9a8f',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/28',
        cvc: '123',
        name: 'Ada Lovelace',
      },
    ],
  });
export const testCardAuthenticateBodySchema = z
  .object({ clientSecret: z.string().min(1, 'clientSecret is required').max(200), approve: z.boolean() })
  .strict()
  .meta({ examples: [{ clientSecret: 'pi_test_4f2a9c1e7b3d5a8e6c0f1b2d_secret_9e8d7c6b5a4f3e2d1c0b9a8f', approve: true }] });

export const subscriptionSchema = z.object({
  id: z.uuid(),
  status: z.enum(['incomplete', 'active', 'past_due', 'canceled']),
  plan: z.object({
    id: z.uuid(),
    name: z.string(),
    price: z.number(),
    interval: z.enum(['month', 'year']),
    creditsPerPeriod: z.number().int(),
  }),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.string().nullable(),
  /** False when paid by crypto: each period is paid on its own and nothing renews it. */
  renewsAutomatically: z.boolean(),
  testMode: z.boolean(),
});
export type SubscriptionDto = z.infer<typeof subscriptionSchema>;
export const CRYPTO_SUBSCRIPTION_DOES_NOT_RENEW_MESSAGE =
  'A subscription paid by crypto does not renew: pay for the next period when this one ends';
export const mySubscriptionSchema = z.object({ subscription: subscriptionSchema.nullable() });
/** The body may be left out entirely (cancel at the period end). */
export const cancelSubscriptionBodySchema = z
  .object({ cancelImmediately: z.boolean().default(false) })
  .strict()
  .nullish()
  .meta({ examples: [{ cancelImmediately: false }] });

export const paymentMethodSchema = z.object({
  id: z.uuid(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type PaymentMethodDto = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListSchema = z.array(paymentMethodSchema);

export const webhookReceivedSchema = z.object({ received: z.literal(true) });

/** Stripe's documented test numbers the built-in provider accepts, and what each does. */
export const testCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAuthentication: '4000002500003155',
  /** Pays and is saved while the customer is present; every off-session charge of it is declined. */
  declinesOffSession: '4000000000000341',
} as const;

export const DECLINED_MESSAGE = 'Your card was declined.';
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

export type TestCardCheck =
  { ok: true; number: string; brand: 'visa'; last4: string; expMonth: number; expYear: number } | { ok: false; message: string };

/**
 * The checks a card form makes before anything is sent (test mode): number (Luhn), expiry as
 * MMYY, MM/YY or MM/YYYY not in the past, CVC of the brand's length, and one of Stripe's test numbers.
 */
export function checkTestCard(input: { cardNumber: string; expiry: string; cvc: string }, now: Date): TestCardCheck {
  const number = input.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || !luhnValid(number)) return { ok: false, message: cardFieldMessages.numberInvalid };
  const expiry = checkExpiry(input.expiry, now);
  if (!expiry.ok) return expiry;
  if (!new RegExp(`^\\d{${cvcLength(cardBrand(number))}}$`).test(input.cvc.trim()))
    return { ok: false, message: cardFieldMessages.cvcInvalid };
  if (!(Object.values(testCards) as string[]).includes(number)) {
    return { ok: false, message: 'Your card number is not a Stripe test card. In test mode use 4242 4242 4242 4242.' };
  }
  return { ok: true, number, brand: 'visa', last4: number.slice(-4), expMonth: expiry.month, expYear: expiry.year };
}
