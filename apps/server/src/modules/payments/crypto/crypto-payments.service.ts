import type { FastifyBaseLogger } from 'fastify';
import { centsToDollars } from '@lumen/core/credits/rules';
import { cryptoBelowMinimumMessage, cryptoMessages, isCryptoOffered } from '@lumen/core/payments/crypto';
import type {
  CreatedCryptoPayment,
  CryptoCreditsRequest,
  CryptoCurrencies,
  CryptoEstimate,
  CryptoEstimateQuery,
  CryptoPaymentStatus,
  CryptoStatus,
  CryptoSubscriptionRequest,
} from '@lumen/core/payments/crypto';
import type { Db } from '../../../db/database.ts';
import { API_PREFIX } from '../../../lib/api-prefix.ts';
import { AppError } from '../../../plugins/app-error.ts';
import { findActivePackage } from '../../credits/index.ts';
import { PACKAGE_NOT_FOUND_MESSAGE } from '../../credits/index.ts';
import { getPlatformSettings } from '../../settings/index.ts';
import { applyCryptoUpdate } from './crypto-payment-updates.ts';
import type { CryptoUpdateSource } from './crypto-payment-updates.ts';
import {
  findCryptoPayment,
  findUserCryptoPayment,
  findUserSubscriptions,
  insertCryptoPayment,
  insertSubscription,
  listUnsettledCryptoPayments,
  setOrderExpiry,
  touchCryptoPayment,
} from './crypto-payments.repository.ts';
import { paymentUri, qrCodeDataUrl } from './crypto-qr.ts';
import {
  createCreditPackOrder,
  createSubscriptionOrder,
  handleProviderEvent,
  markOrderUnpaid,
  setOrderProviderPaymentId,
} from '../orders/index.ts';
import type { ProviderEventResult } from '../orders/index.ts';
import { findActivePlan } from '../plans/index.ts';
import { PLAN_NOT_FOUND_MESSAGE } from '../plans/index.ts';
import { CryptoProviderError, finalPaymentStatuses } from './crypto-provider.ts';
import type { CryptoPaymentSnapshot, CryptoProvider } from './crypto-provider.ts';
import type { CryptoPaymentRow } from './tables.ts';
import type { OrderRow } from '../orders/tables.ts';

export const NOWPAYMENTS_WEBHOOK_PATH = '/webhooks/nowpayments';
/** When the provider gives no expiry estimate. */
const DEFAULT_EXPIRY_MS = 24 * 60 * 60_000;
/** A payment sent just before the countdown ended may need a few minutes to be seen by the provider. */
export const CRYPTO_EXPIRY_GRACE_MS = 5 * 60_000;

export type CryptoPaymentsServiceDeps = {
  db: Db;
  provider: CryptoProvider;
  /** The site's public origin: the IPN callback is `${publicUrl}/api/v1/webhooks/nowpayments`. */
  publicUrl: string;
  clock?: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
};

/** The provider's failure as the user sees it: 503 when it may work later, 400 when it refused. */
function toAppError(error: unknown): unknown {
  if (!(error instanceof CryptoProviderError)) return error;
  if (error.retryable || error.status === null)
    return new AppError('SERVICE_UNAVAILABLE', 503, cryptoMessages.unavailable, { cause: error });
  if (error.status === 404) return new AppError('NOT_FOUND', 404, cryptoMessages.paymentNotFound, { cause: error });
  return new AppError(
    'BAD_REQUEST',
    400,
    `The crypto payment provider refused the request: ${error.message.replace(/^NOWPayments [A-Z]+ \S+ failed with \d+: /, '')}`,
    { cause: error },
  );
}

async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error);
  }
}

const upper = (ticker: string) => ticker.toUpperCase();

export function createCryptoPaymentsService({ db, provider, publicUrl, clock = () => new Date(), log }: CryptoPaymentsServiceDeps) {
  const ipnCallbackUrl = `${publicUrl.replace(/\/+$/, '')}${API_PREFIX}${NOWPAYMENTS_WEBHOOK_PATH}`;

  /** The provider's names and networks of the listed tickers, in their order; without them the list still goes out, by ticker. */
  async function describe(currencies: string[]): Promise<CryptoCurrencies['details']> {
    if (!provider.describeCurrencies) return [];
    let descriptions;
    try {
      descriptions = await provider.describeCurrencies();
    } catch (error) {
      log.warn({ err: error }, 'crypto currency names could not be read; the list goes out by ticker');
      return [];
    }
    const byTicker = new Map(descriptions.map(({ ticker, name, network }) => [upper(ticker), { ticker: upper(ticker), name, network }]));
    return currencies.flatMap((ticker) => byTicker.get(ticker) ?? []);
  }

  async function ensureAccepted(payCurrency: string): Promise<void> {
    const tickers = await viaProvider(() => provider.listCurrencies());
    if (!tickers.includes(payCurrency.toLowerCase())) throw new AppError('BAD_REQUEST', 400, cryptoMessages.unsupportedCurrency);
  }

  /** Asks the provider for an address for the order; a failure marks the order failed. */
  async function startPayment(order: OrderRow, payCurrency: string): Promise<CreatedCryptoPayment> {
    let created: CryptoPaymentSnapshot;
    try {
      created = await provider.createPayment({
        priceAmount: centsToDollars(order.amountCents),
        priceCurrency: order.currency,
        payCurrency: payCurrency.toLowerCase(),
        orderId: order.id,
        orderDescription: order.description,
        ipnCallbackUrl,
      });
    } catch (error) {
      await markOrderUnpaid(db, order.id, 'failed', 'The crypto payment could not be started');
      throw toAppError(error);
    }
    const expiresAt = created.expiresAt ?? new Date(clock().getTime() + DEFAULT_EXPIRY_MS);
    await insertCryptoPayment(db, {
      orderId: order.id,
      paymentId: created.paymentId,
      status: created.status,
      payCurrency: created.payCurrency,
      payAmount: String(created.payAmount),
      actuallyPaid: String(created.actuallyPaid),
      payAddress: created.payAddress,
      txHash: created.txHash,
      expiresAt,
    });
    await setOrderProviderPaymentId(db, order.id, created.paymentId);
    await setOrderExpiry(db, order.id, expiresAt);
    return {
      paymentId: created.paymentId,
      payAmount: created.payAmount,
      payCurrency: upper(created.payCurrency),
      priceAmount: created.priceAmount,
      priceCurrency: upper(created.priceCurrency),
      payAddress: created.payAddress,
      qrCodeUrl: await qrCodeDataUrl(paymentUri(created.payCurrency, created.payAddress, created.payAmount)),
      expiresAt: expiresAt.toISOString(),
      orderId: order.id,
      testMode: provider.testMode,
    };
  }

  /** Provider status → the same update path as the IPN; then our own expiry when the address is past its time unpaid. */
  async function refresh(payment: CryptoPaymentRow, source: CryptoUpdateSource): Promise<void> {
    try {
      const snapshot = await provider.getPaymentStatus(payment.paymentId);
      await applyCryptoUpdate(db, snapshot, source, clock());
    } catch (error) {
      log.warn({ err: error, paymentId: payment.paymentId }, 'crypto payment status check failed');
    }
    const latest = await findCryptoPayment(db, payment.paymentId);
    const overdue = latest && latest.expiresAt.getTime() + CRYPTO_EXPIRY_GRACE_MS <= clock().getTime();
    if (latest && overdue && latest.status === 'waiting' && Number(latest.actuallyPaid) === 0) {
      await applyCryptoUpdate(
        db,
        {
          paymentId: latest.paymentId,
          status: 'expired',
          payAddress: latest.payAddress,
          payAmount: Number(latest.payAmount),
          payCurrency: latest.payCurrency,
          priceAmount: 0,
          priceCurrency: 'usd',
          actuallyPaid: 0,
          orderId: latest.orderId,
          txHash: null,
          expiresAt: latest.expiresAt,
          raw: { payment_id: latest.paymentId, payment_status: 'expired', reason: 'expired by this server at expires_at' },
        },
        'expiry',
        clock(),
      );
    }
  }

  return {
    ipnCallbackUrl,

    /** The same list payments are checked against (ensureAccepted). */
    async listCurrencies(): Promise<CryptoCurrencies> {
      const tickers = await viaProvider(() => provider.listCurrencies());
      const currencies = [...new Set(tickers.map(upper))];
      return { currencies, details: await describe(currencies) };
    },

    async estimate(query: CryptoEstimateQuery): Promise<CryptoEstimate> {
      const result = await viaProvider(() =>
        provider.estimate({
          amount: query.amount,
          currencyFrom: query.fromCurrency.toLowerCase(),
          currencyTo: query.toCurrency.toLowerCase(),
        }),
      );
      return {
        amountFrom: result.amountFrom,
        currencyFrom: upper(result.currencyFrom),
        estimatedAmount: result.estimatedAmount,
        currencyTo: upper(result.currencyTo),
        testMode: provider.testMode,
      };
    },

    /** A credit package paid by crypto: the server's package and price, never the client's amount. */
    async createForCreditPackage(userId: string, request: CryptoCreditsRequest): Promise<CreatedCryptoPayment> {
      const pack = await findActivePackage(db, request.creditPackageId);
      if (!pack) throw new AppError('NOT_FOUND', 404, PACKAGE_NOT_FOUND_MESSAGE);
      const price = centsToDollars(pack.priceCents);
      // The threshold is the admin's setting (Admin › Settings), 19.20 by default.
      const { cryptoThreshold } = await getPlatformSettings(db);
      if (!isCryptoOffered(request.paymentType, price, cryptoThreshold))
        throw new AppError('BAD_REQUEST', 400, cryptoBelowMinimumMessage(cryptoThreshold));
      if (Math.round(request.amount * 100) !== pack.priceCents) throw new AppError('BAD_REQUEST', 400, cryptoMessages.amountMismatch);
      if (request.currency.toLowerCase() !== 'usd') throw new AppError('BAD_REQUEST', 400, cryptoMessages.currencyMismatch);
      await ensureAccepted(request.payCurrency);
      const order = await createCreditPackOrder(db, {
        userId,
        packageId: pack.id,
        quantity: 1,
        provider: 'nowpayments',
        testMode: provider.testMode,
      });
      return startPayment(order, request.payCurrency);
    },

    /** One period of a plan paid by crypto (it does not renew by itself). */
    async createForSubscription(userId: string, request: CryptoSubscriptionRequest): Promise<CreatedCryptoPayment> {
      const plan = await findActivePlan(db, request.planId);
      if (!plan) throw new AppError('NOT_FOUND', 404, PLAN_NOT_FOUND_MESSAGE);
      const now = clock();
      const existing = await findUserSubscriptions(db, userId);
      const running = existing.find((row) => row.status === 'active' && (!row.currentPeriodEnd || row.currentPeriodEnd > now));
      if (running && (running.provider !== 'nowpayments' || running.planId !== plan.id)) {
        throw new AppError(
          'CONFLICT',
          409,
          'You already have an active subscription. Cancel it or let it end before choosing another plan.',
        );
      }
      await ensureAccepted(request.payCurrency);
      const subscription =
        running ??
        existing.find((row) => row.provider === 'nowpayments' && row.planId === plan.id && row.status === 'incomplete') ??
        (await insertSubscription(db, {
          userId,
          planId: plan.id,
          provider: 'nowpayments',
          testMode: provider.testMode,
          status: 'incomplete',
        }));
      const order = await createSubscriptionOrder(db, {
        userId,
        planId: plan.id,
        subscriptionId: subscription.id,
        provider: 'nowpayments',
        testMode: provider.testMode,
        description: `${plan.name} plan, 1 ${plan.interval} (crypto)`,
      });
      return startPayment(order, request.payCurrency);
    },

    /** The user's own payment (404 otherwise); asks the provider first while it is not settled. */
    async getStatus(userId: string, paymentId: string): Promise<CryptoPaymentStatus> {
      const found = await findUserCryptoPayment(db, userId, paymentId);
      if (!found) throw new AppError('NOT_FOUND', 404, cryptoMessages.paymentNotFound);
      if (!finalPaymentStatuses.includes(found.payment.status)) await refresh(found.payment, 'status-check');
      const latest = (await findUserCryptoPayment(db, userId, paymentId)) ?? found;
      // An order we expired stays expired for the user even when money turns up later (a late deposit).
      const status: CryptoStatus = latest.order.status === 'expired' ? 'EXPIRED' : (upper(latest.payment.status) as CryptoStatus);
      return {
        status,
        actuallyPaid: Number(latest.payment.actuallyPaid),
        payCurrency: upper(latest.payment.payCurrency),
        txHash: latest.payment.txHash,
      };
    },

    /**
     * POST /webhooks/nowpayments and the test provider's IPNs: a bad or missing signature is a 400
     * and changes nothing; otherwise the payment's state goes through applyCryptoUpdate.
     */
    async handleIpn(body: unknown, signature: string | undefined): Promise<ProviderEventResult> {
      const verified = provider.verifyIpn(body, signature);
      if (!verified.ok) throw new AppError('BAD_REQUEST', 400, cryptoMessages.invalidSignature);
      const notification = verified.body;
      const paymentId = textOf(notification.payment_id);
      if (!paymentId) throw new AppError('BAD_REQUEST', 400, 'The notification has no payment_id');
      const snapshot = snapshotFromIpn(notification);
      if (!snapshot) {
        // A status this server does not know yet: kept for a person to read, acknowledged so it is not resent forever.
        const status = textOf(notification.payment_status) ?? 'none';
        return handleProviderEvent(
          db,
          {
            provider: 'nowpayments',
            eventId: `${paymentId}:${status}:${numberOf(notification.actually_paid)}`,
            type: status.slice(0, 100),
            payload: { source: 'ipn', ...notification },
          },
          async () => `ignored: unknown status ${status}`,
        );
      }
      return applyCryptoUpdate(db, snapshot, 'ipn', clock());
    },

    /** One reconciliation pass: asks the provider about unsettled payments; expires the ones past their time. */
    async reconcileOnce(limit = 50): Promise<number> {
      const unsettled = await listUnsettledCryptoPayments(db, limit);
      for (const payment of unsettled) {
        await refresh(payment, 'reconciliation');
        // Checked now: the next pass starts with the others (a pass looks at `limit` payments).
        await touchCryptoPayment(db, payment.id);
      }
      return unsettled.length;
    },
  };
}

export type CryptoPaymentsService = ReturnType<typeof createCryptoPaymentsService>;

const ipnStatuses = new Set([
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
]);

function numberOf(value: unknown): number {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : 0;
  return Number.isFinite(parsed) ? parsed : 0;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}

/** The parts of an IPN body this server uses (NOWPayments sends the payment's fields). */
export function snapshotFromIpn(body: Record<string, unknown>): CryptoPaymentSnapshot | null {
  const paymentId = textOf(body.payment_id);
  const status = textOf(body.payment_status);
  if (!paymentId || !status || !ipnStatuses.has(status)) return null;
  const expires = textOf(body.expiration_estimate_date);
  return {
    paymentId,
    status: status as CryptoPaymentSnapshot['status'],
    payAddress: textOf(body.pay_address) ?? '',
    payAmount: numberOf(body.pay_amount),
    payCurrency: (textOf(body.pay_currency) ?? '').toLowerCase(),
    priceAmount: numberOf(body.price_amount),
    priceCurrency: (textOf(body.price_currency) ?? '').toLowerCase(),
    actuallyPaid: numberOf(body.actually_paid),
    orderId: textOf(body.order_id),
    txHash: textOf(body.payin_hash),
    expiresAt: expires ? new Date(expires) : null,
    raw: body,
  };
}
