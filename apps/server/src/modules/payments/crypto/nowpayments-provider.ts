import { z } from 'zod';
import {
  CryptoProviderError,
  type CreateCryptoPaymentInput,
  type CryptoEstimateResult,
  type CryptoPaymentSnapshot,
  type CryptoProvider,
  type CurrencyDescription,
  type ProviderPaymentStatus,
} from './crypto-provider.ts';
import { loadAcceptedTickers, loadDescriptions } from './nowpayments-currencies.ts';
import type { NowPaymentsGet } from './nowpayments-currencies.ts';
import { verifyIpnSignature } from './nowpayments-signature.ts';
import { cryptoPaymentStatuses } from './tables.ts';

export type NowPaymentsOptions = {
  apiKey: string;
  ipnSecret: string;
  /** https://api.nowpayments.io/v1 (tests: a local server speaking the same protocol). */
  apiUrl: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts for a transient failure (5xx, network, timeout): 3 by default. */
  attempts?: number;
  /** Wait before retry n (1-based): backoffMs × n. */
  backoffMs?: number;
  /** How long the accepted currencies (and their names) are reused: 5 minutes by default. */
  currencyCacheMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

/** Numbers arrive as numbers or decimal strings depending on the endpoint. */
const amount = z.preprocess((value) => (value === null || value === undefined || value === '' ? 0 : Number(value)), z.number().finite());
const idText = z.union([z.string(), z.number()]).transform(String);
const status = z.enum(cryptoPaymentStatuses);
const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? null : String(value)));

const paymentSchema = z
  .object({
    payment_id: idText,
    payment_status: status,
    pay_address: z.string(),
    pay_amount: amount,
    pay_currency: z.string(),
    price_amount: amount,
    price_currency: z.string(),
    actually_paid: amount.optional(),
    order_id: optionalText,
    payin_hash: optionalText,
    expiration_estimate_date: z.string().nullish(),
  })
  .loose();

const estimateSchema = z.object({
  currency_from: z.string(),
  amount_from: amount,
  currency_to: z.string(),
  estimated_amount: amount,
});
const errorBodySchema = z.object({ message: z.string().optional(), code: z.string().optional() }).loose();

const transientStatuses = new Set([429, 500, 502, 503, 504]);

/** NOWPayments REST API (x-api-key), with timeouts and retries for transient failures. */
export function createNowPaymentsProvider(options: NowPaymentsOptions): CryptoProvider {
  const baseUrl = options.apiUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 500;
  const now = options.now ?? Date.now;
  const currencyCacheMs = options.currencyCacheMs ?? 5 * 60_000;
  let currencyCache: { at: number; tickers: string[]; descriptions?: Promise<CurrencyDescription[]> } | null = null;

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    // A POST is retried only when the provider surely did not act on it (gateway errors, refused connection).
    const isRetryable = (statusCode: number | null, error?: unknown) =>
      statusCode !== null
        ? method === 'GET'
          ? transientStatuses.has(statusCode)
          : [429, 502, 503, 504].includes(statusCode)
        : method === 'GET' || connectionRefused(error);
    let lastError: CryptoProviderError | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, backoffMs * (attempt - 1)));
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}${path}`, {
          method,
          headers: {
            'x-api-key': options.apiKey,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        lastError = new CryptoProviderError(
          timedOut
            ? `NOWPayments did not answer ${method} ${path} within ${timeoutMs} ms`
            : `NOWPayments is unreachable (${method} ${path})`,
          { retryable: true, cause: error },
        );
        if (isRetryable(null, error)) continue;
        throw lastError;
      }
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (!response.ok) {
        const details = errorBodySchema.safeParse(json);
        const message = details.success && details.data.message ? details.data.message : text.slice(0, 200) || response.statusText;
        lastError = new CryptoProviderError(`NOWPayments ${method} ${path} failed with ${response.status}: ${message}`, {
          status: response.status,
          retryable: transientStatuses.has(response.status),
          providerCode: details.success ? (details.data.code ?? null) : null,
        });
        if (isRetryable(response.status)) continue;
        throw lastError;
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        throw new CryptoProviderError(`NOWPayments ${method} ${path} answered in an unexpected shape`, {
          status: response.status,
          retryable: false,
          cause: parsed.error,
        });
      }
      return parsed.data;
    }
    throw lastError ?? new CryptoProviderError(`NOWPayments ${method} ${path} failed`, { retryable: true });
  }

  const get: NowPaymentsGet = (path, schema) => call('GET', path, schema);

  async function acceptedCurrencies() {
    if (currencyCache && now() - currencyCache.at < currencyCacheMs) return currencyCache;
    currencyCache = { at: now(), tickers: await loadAcceptedTickers(get) };
    return currencyCache;
  }

  return {
    testMode: false,

    async listCurrencies() {
      return (await acceptedCurrencies()).tickers;
    },

    async describeCurrencies() {
      const cached = await acceptedCurrencies();
      // A failure is kept with the list too, so a broken /full-currencies is not asked again on every request.
      cached.descriptions ??= loadDescriptions(get, cached.tickers);
      return cached.descriptions;
    },

    async estimate({ amount: value, currencyFrom, currencyTo }): Promise<CryptoEstimateResult> {
      const query = new URLSearchParams({
        amount: String(value),
        currency_from: currencyFrom.toLowerCase(),
        currency_to: currencyTo.toLowerCase(),
      });
      const data = await call('GET', `/estimate?${query}`, estimateSchema);
      return {
        amountFrom: data.amount_from,
        currencyFrom: data.currency_from,
        estimatedAmount: data.estimated_amount,
        currencyTo: data.currency_to,
      };
    },

    async createPayment(input: CreateCryptoPaymentInput) {
      const data = await call('POST', '/payment', paymentSchema, {
        price_amount: input.priceAmount,
        price_currency: input.priceCurrency.toLowerCase(),
        pay_currency: input.payCurrency.toLowerCase(),
        order_id: input.orderId,
        order_description: input.orderDescription,
        ipn_callback_url: input.ipnCallbackUrl,
      });
      return snapshotOf(data);
    },

    async getPaymentStatus(paymentId: string) {
      return snapshotOf(await call('GET', `/payment/${encodeURIComponent(paymentId)}`, paymentSchema));
    },

    verifyIpn(body, signature) {
      return verifyIpnSignature(body, signature, options.ipnSecret);
    },
  };
}

function snapshotOf(data: z.infer<typeof paymentSchema>): CryptoPaymentSnapshot {
  const expires = data.expiration_estimate_date ? new Date(data.expiration_estimate_date) : null;
  return {
    paymentId: data.payment_id,
    status: data.payment_status as ProviderPaymentStatus,
    payAddress: data.pay_address,
    payAmount: data.pay_amount,
    payCurrency: data.pay_currency.toLowerCase(),
    priceAmount: data.price_amount,
    priceCurrency: data.price_currency.toLowerCase(),
    actuallyPaid: data.actually_paid ?? 0,
    orderId: data.order_id,
    txHash: data.payin_hash,
    expiresAt: expires && !Number.isNaN(expires.getTime()) ? expires : null,
    raw: data as Record<string, unknown>,
  };
}

function connectionRefused(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code === 'ECONNREFUSED';
}
