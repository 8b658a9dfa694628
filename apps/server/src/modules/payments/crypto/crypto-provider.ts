import type { cryptoPaymentStatuses } from './tables.ts';

/** NOWPayments' payment_status values (lower-case, as the API writes them). */
export type ProviderPaymentStatus = (typeof cryptoPaymentStatuses)[number];

export const finalPaymentStatuses: readonly ProviderPaymentStatus[] = ['finished', 'failed', 'refunded', 'expired'];

export type CryptoEstimateResult = {
  amountFrom: number;
  currencyFrom: string;
  estimatedAmount: number;
  currencyTo: string;
};

export type CreateCryptoPaymentInput = {
  /** The order's price in dollars (from the server's package or plan). */
  priceAmount: number;
  priceCurrency: string;
  /** Lower-case ticker, as NOWPayments takes it. */
  payCurrency: string;
  orderId: string;
  orderDescription: string;
  ipnCallbackUrl: string;
};

/** What the provider says about a payment; amounts are numbers as NOWPayments sends them. */
export type CryptoPaymentSnapshot = {
  paymentId: string;
  status: ProviderPaymentStatus;
  payAddress: string;
  payAmount: number;
  payCurrency: string;
  priceAmount: number;
  priceCurrency: string;
  actuallyPaid: number;
  orderId: string | null;
  /** Incoming transaction hash (NOWPayments payin_hash), when known. */
  txHash: string | null;
  /** When the address stops accepting the quoted amount. */
  expiresAt: Date | null;
  /** The provider's own words, stored on the event row. */
  raw: Record<string, unknown>;
};

/** What the provider publishes about a currency it accepts. */
export type CurrencyDescription = { ticker: string; name: string; network: string | null };

export type IpnVerification =
  { ok: true; body: Record<string, unknown> } | { ok: false; reason: 'missing signature' | 'bad signature' | 'bad body' };

/** The crypto side of payments: NOWPayments, or the built-in offline test provider. */
export interface CryptoProvider {
  readonly testMode: boolean;
  /** Tickers the provider accepts (lower-case as it writes them); payments are refused in any other. */
  listCurrencies(): Promise<string[]>;
  /** Names and networks of the accepted tickers it has them for; a provider without them leaves this out. */
  describeCurrencies?(): Promise<CurrencyDescription[]>;
  estimate(input: { amount: number; currencyFrom: string; currencyTo: string }): Promise<CryptoEstimateResult>;
  createPayment(input: CreateCryptoPaymentInput): Promise<CryptoPaymentSnapshot>;
  getPaymentStatus(paymentId: string): Promise<CryptoPaymentSnapshot>;
  /** Checks x-nowpayments-sig against the parsed IPN body. */
  verifyIpn(body: unknown, signature: string | undefined): IpnVerification;
}

/**
 * A provider call that did not work. `retryable`: the provider was down or slow (5xx, network,
 * timeout): the user may try again. Otherwise the provider refused the request (4xx).
 */
export class CryptoProviderError extends Error {
  override name = 'CryptoProviderError';
  readonly status: number | null;
  readonly retryable: boolean;
  readonly providerCode: string | null;

  constructor(message: string, options: { status?: number | null; retryable: boolean; providerCode?: string | null; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.status = options.status ?? null;
    this.retryable = options.retryable;
    this.providerCode = options.providerCode ?? null;
  }
}
