import { z } from 'zod';

/** When crypto is offered. The currency list lives in crypto-currencies.ts. */
export {
  CRYPTO_LIST_SIZE,
  popularTickers,
  isStableTicker,
  isPopularTicker,
  cryptoDisplayNames,
  topCryptoCurrencies,
  // the earlier name, kept for existing importers
  topCryptoCurrencies as orderCryptoCurrencies,
} from './crypto-currencies.ts';
export type { CryptoCurrency } from './crypto-currencies.ts';

/** The default crypto threshold; the one in force is the admin's `cryptoThreshold` platform setting. */
export const CRYPTO_MIN_AMOUNT_EXCLUSIVE = 19.2;

/** `threshold`: the configured crypto threshold (GET /payment/config cryptoMinimumAmount), 19.20 by default. */
export function isCryptoOffered(
  paymentType: 'SUBSCRIPTION' | 'CREDIT_PURCHASE',
  amount: number,
  threshold: number = CRYPTO_MIN_AMOUNT_EXCLUSIVE,
): boolean {
  return paymentType === 'CREDIT_PURCHASE' && amount > threshold;
}

/** 'Crypto payments are available for amounts above $19.20' for the threshold in force. */
export function cryptoBelowMinimumMessage(threshold: number = CRYPTO_MIN_AMOUNT_EXCLUSIVE): string {
  return `Crypto payments are available for amounts above $${threshold.toFixed(2)}`;
}

// ---- API shapes of the crypto routes (docs/api/payments-contract.md "Crypto") ----

/** The statuses the crypto dialog knows, upper-case. */
export const cryptoStatusValues = [
  'WAITING',
  'CONFIRMING',
  'CONFIRMED',
  'SENDING',
  'PARTIALLY_PAID',
  'FINISHED',
  'FAILED',
  'REFUNDED',
  'EXPIRED',
] as const;
export type CryptoStatus = (typeof cryptoStatusValues)[number];

export const paymentTypeValues = ['SUBSCRIPTION', 'CREDIT_PURCHASE'] as const;
export type PaymentType = (typeof paymentTypeValues)[number];

export const cryptoMessages = {
  creditPurchaseOnly: 'paymentType must be CREDIT_PURCHASE: this route takes crypto payments for credit packages only',
  belowMinimum: cryptoBelowMinimumMessage(),
  amountMismatch: 'Amount does not match the package price',
  currencyMismatch: 'Currency must be USD',
  unsupportedCurrency: 'This cryptocurrency is not available',
  paymentNotFound: 'Payment not found',
  unavailable: 'Crypto payments are unavailable right now. Please try again later.',
  invalidSignature: 'Invalid signature',
} as const;

/** A ticker as the user picks it ('btc', 'USDTTRC20'); the server answers upper-case. */
export const tickerSchema = z
  .string({ error: 'must be a currency ticker' })
  .trim()
  .regex(/^[A-Za-z0-9]{2,20}$/, 'must be a currency ticker such as BTC');

/** GET /payment/crypto/currencies */
export const cryptoCurrenciesSchema = z
  .object({
    currencies: z
      .array(z.string())
      .describe(
        "Upper-case tickers of every coin a payment may be made in now (payCurrency). With NOWPayments: the coins enabled in the merchant's account; in test mode (GET /payment/config testMode.crypto): the built-in test provider's fixed list.",
      ),
    details: z
      .array(
        z.object({
          ticker: z.string().describe('One of `currencies`'),
          name: z.string().describe("The provider's name of the coin"),
          network: z.string().nullable().describe('The network it is paid on, in the provider\'s words (e.g. "trx"), when it says'),
        }),
      )
      .describe("The provider's names of the listed coins, in their order, for the ones it names (none in test mode)"),
  })
  .meta({
    examples: [
      {
        currencies: ['BTC', 'ETH', 'USDTTRC20', 'XMR'],
        details: [
          { ticker: 'BTC', name: 'Bitcoin', network: 'btc' },
          { ticker: 'ETH', name: 'Ethereum', network: 'eth' },
          { ticker: 'USDTTRC20', name: 'Tether USD (Tron)', network: 'trx' },
        ],
      },
    ],
  });
export type CryptoCurrencies = z.infer<typeof cryptoCurrenciesSchema>;

/** GET /payment/crypto/estimate?amount&fromCurrency&toCurrency */
export const cryptoEstimateQuerySchema = z.strictObject({
  amount: z.coerce
    .number({ error: 'amount must be a number' })
    .positive('amount must be above 0')
    .max(1_000_000, 'amount must be at most 1000000'),
  fromCurrency: tickerSchema,
  toCurrency: tickerSchema,
});
export type CryptoEstimateQuery = z.infer<typeof cryptoEstimateQuerySchema>;

export const cryptoEstimateSchema = z.object({
  amountFrom: z.number(),
  currencyFrom: z.string(),
  estimatedAmount: z.number(),
  currencyTo: z.string(),
  /** True when the built-in test provider made it up from its fixed test rates. */
  testMode: z.boolean(),
});
export type CryptoEstimate = z.infer<typeof cryptoEstimateSchema>;

const optionalUrl = z.string().max(2000, 'must be at most 2000 characters').optional();

/** POST /payment/crypto/credits: the card payment request plus payCurrency. */
export const cryptoCreditsRequestSchema = z
  .object({
    paymentType: z.literal('CREDIT_PURCHASE', { error: cryptoMessages.creditPurchaseOnly }),
    creditPackageId: z.uuid('creditPackageId must be a UUID'),
    amount: z.number({ error: 'amount must be a number' }).positive('amount must be above 0'),
    currency: z.string({ error: 'currency is required' }).trim().min(1, 'currency is required').max(10),
    description: z.string().max(500, 'description must be at most 500 characters').optional(),
    payCurrency: tickerSchema,
    planId: z.uuid('planId must be a UUID').optional(),
    successUrl: optionalUrl,
    cancelUrl: optionalUrl,
  })
  .meta({
    examples: [
      {
        paymentType: 'CREDIT_PURCHASE',
        creditPackageId: '6f1c1f38-3d2c-4a57-9d2b-7b8c2b7f0c11',
        amount: 49,
        currency: 'USD',
        description: '350 Credits - 350 credits',
        payCurrency: 'BTC',
        successUrl: 'https://lumen.example/dashboard/billing?payment=success',
        cancelUrl: 'https://lumen.example/pricing?payment=cancelled',
      },
    ],
  });
export type CryptoCreditsRequest = z.infer<typeof cryptoCreditsRequestSchema>;

/** POST /payment/crypto/subscription: one period of a plan paid by crypto. */
export const cryptoSubscriptionRequestSchema = z
  .strictObject({
    planId: z.uuid('planId must be a UUID'),
    payCurrency: tickerSchema,
  })
  .meta({ examples: [{ planId: '8e2d4b6a-1f3c-4d5e-9a7b-2c4e6f8a0b1d', payCurrency: 'USDTTRC20' }] });
export type CryptoSubscriptionRequest = z.infer<typeof cryptoSubscriptionRequestSchema>;

export const createdCryptoPaymentSchema = z.object({
  paymentId: z.string(),
  payAmount: z.number(),
  payCurrency: z.string(),
  priceAmount: z.number(),
  priceCurrency: z.string(),
  payAddress: z.string(),
  /** data:image/png;base64,… of the address (a BIP21-style URI where the coin has one). */
  qrCodeUrl: z.string(),
  expiresAt: z.string(),
  orderId: z.string(),
  testMode: z.boolean(),
});
export type CreatedCryptoPayment = z.infer<typeof createdCryptoPaymentSchema>;

export const cryptoPaymentIdParamsSchema = z.strictObject({
  paymentId: z.string().trim().min(1).max(100, 'paymentId is too long'),
});

export const cryptoPaymentStatusSchema = z.object({
  status: z.enum(cryptoStatusValues),
  actuallyPaid: z.number(),
  payCurrency: z.string(),
  txHash: z.string().nullable(),
});
export type CryptoPaymentStatus = z.infer<typeof cryptoPaymentStatusSchema>;
