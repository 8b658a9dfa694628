import type { Db } from '../../../db/database.ts';
import { handleProviderEvent, markOrderPaid, markOrderUnpaid } from '../orders/index.ts';
import type { ProviderEventResult } from '../orders/index.ts';
import { findOrderById, findPlanById } from '../orders/index.ts';
import {
  findCryptoPayment,
  findCryptoPaymentForUpdate,
  findSubscriptionForUpdate,
  orderExists,
  updateCryptoPayment,
  updateSubscription,
} from './crypto-payments.repository.ts';
import { finalPaymentStatuses } from './crypto-provider.ts';
import type { CryptoPaymentSnapshot, ProviderPaymentStatus } from './crypto-provider.ts';
import type { CryptoPaymentRow } from './tables.ts';
import type { OrderRow, OrderStatus } from '../orders/tables.ts';

/** Where a status came from: the IPN, the user's status check, reconciliation, or our own expiry. */
export type CryptoUpdateSource = 'ipn' | 'status-check' | 'reconciliation' | 'expiry';

/** The status, as it can be reached in any order (IPNs may arrive out of order). */
const progress: Record<ProviderPaymentStatus, number> = {
  waiting: 0,
  partially_paid: 1,
  confirming: 1,
  confirmed: 2,
  sending: 3,
  finished: 9,
  failed: 9,
  refunded: 9,
  expired: 9,
};

const moneyStatuses: readonly ProviderPaymentStatus[] = ['partially_paid', 'confirming', 'confirmed', 'sending', 'finished'];
const payableOrderStatuses: readonly OrderStatus[] = ['pending', 'partially_paid', 'failed'];

const isFinal = (status: ProviderPaymentStatus) => finalPaymentStatuses.includes(status);

/** One state of a payment is one event: an IPN, a status check and reconciliation seeing it are the same event. */
export function cryptoEventId(snapshot: Pick<CryptoPaymentSnapshot, 'paymentId' | 'status' | 'actuallyPaid'>): string {
  return `${snapshot.paymentId}:${snapshot.status}:${snapshot.actuallyPaid}`;
}

const formatAmount = (value: number) => String(Number(value.toFixed(8)));

/**
 * The one path every crypto status takes (IPN, status check, reconciliation, expiry): stored once
 * per (provider, payment + status + amount paid), applied to crypto_payments and the order.
 * Credits come only from `finished` through markOrderPaid; partial payments, expiry and failures
 * are recorded; money that arrives after the order expired or was paid is a late deposit, never credited.
 */
export async function applyCryptoUpdate(
  db: Db,
  snapshot: CryptoPaymentSnapshot,
  source: CryptoUpdateSource,
  now: Date = new Date(),
): Promise<ProviderEventResult> {
  const payment = await findCryptoPayment(db, snapshot.paymentId);
  const eventId = cryptoEventId(snapshot);
  const payload = { source, ...snapshot.raw };
  if (!payment) {
    // Stored, answered 200, nothing credited. Its own event id, so that if the payment row shows up
    // later (an IPN that overtook our insert) the same state is still processed.
    const orderId = snapshot.orderId && (await orderExistsSafe(db, snapshot.orderId)) ? snapshot.orderId : null;
    return handleProviderEvent(
      db,
      { provider: 'nowpayments', eventId: `${eventId}:unmatched`, type: snapshot.status, payload, orderId },
      async () => 'ignored: unknown payment',
    );
  }
  return handleProviderEvent(
    db,
    { provider: 'nowpayments', eventId, type: snapshot.status, payload, orderId: payment.orderId },
    async (tx) => {
      const current = await findCryptoPaymentForUpdate(tx, payment.id);
      const order = await findOrderById(tx, payment.orderId);
      if (!current || !order) return 'ignored: payment removed';
      return applyToOrder(tx, current, order, snapshot, now);
    },
  );
}

async function orderExistsSafe(db: Db, orderId: string): Promise<boolean> {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId) && orderExists(db, orderId);
}

async function applyToOrder(
  tx: Db,
  payment: CryptoPaymentRow,
  order: OrderRow,
  snapshot: CryptoPaymentSnapshot,
  now: Date,
): Promise<string> {
  const previousPaid = Number(payment.actuallyPaid);
  const incoming = snapshot.status;
  // A final status is never replaced by an earlier one; between final ones the provider's latest word wins.
  // A refund (the provider's, or a manual one recorded here) stays the payment's last word.
  const keepsStatus =
    payment.status === 'refunded' || (isFinal(payment.status) ? !isFinal(incoming) : progress[incoming] < progress[payment.status]);
  const status = keepsStatus ? payment.status : incoming;
  const actuallyPaid = Math.max(previousPaid, snapshot.actuallyPaid);
  const ticker = (snapshot.payCurrency || payment.payCurrency).toUpperCase();

  let outcome: string;
  let lateDeposit = false;
  if (payableOrderStatuses.includes(order.status)) {
    outcome = await applyToOpenOrder(tx, order, incoming, { actuallyPaid, payAmount: Number(payment.payAmount), ticker }, now);
  } else {
    // Expired or already paid (or refunded): new money is recorded, never credited automatically.
    const newMoney =
      order.status === 'expired' ? moneyStatuses.includes(incoming) || snapshot.actuallyPaid > 0 : snapshot.actuallyPaid > previousPaid;
    lateDeposit = newMoney && incoming !== 'refunded' && incoming !== 'failed';
    outcome = lateDeposit
      ? `late deposit: ${formatAmount(snapshot.actuallyPaid)} ${ticker} (${incoming}) after the order was ${order.status}; not credited`
      : `recorded: ${incoming} (order ${order.status})`;
  }
  await updateCryptoPayment(tx, payment.id, {
    status,
    actuallyPaid: formatAmount(actuallyPaid),
    txHash: snapshot.txHash ?? payment.txHash,
    ...(lateDeposit ? { lateDepositAt: now } : {}),
  });
  return outcome;
}

async function applyToOpenOrder(
  tx: Db,
  order: OrderRow,
  incoming: ProviderPaymentStatus,
  amounts: { actuallyPaid: number; payAmount: number; ticker: string },
  now: Date,
): Promise<string> {
  switch (incoming) {
    case 'finished': {
      const { credited, order: paid } = await markOrderPaid(tx, order.id, { paymentMethodLabel: `Crypto (${amounts.ticker})` });
      if (credited && paid.kind === 'subscription') await startPaidPeriod(tx, paid, now);
      return credited ? 'credited' : `not credited: order ${paid.status}`;
    }
    case 'partially_paid':
      await markOrderUnpaid(
        tx,
        order.id,
        'partially_paid',
        `Partially paid: ${formatAmount(amounts.actuallyPaid)} of ${formatAmount(amounts.payAmount)} ${amounts.ticker} received`,
      );
      return 'partially paid: not credited';
    case 'expired':
      await markOrderUnpaid(tx, order.id, 'expired', 'The payment expired before the full amount arrived');
      return 'expired: not credited';
    case 'failed':
      await markOrderUnpaid(tx, order.id, 'failed', 'The crypto payment failed');
      return 'failed: not credited';
    case 'refunded':
      return 'refunded by the provider: recorded';
    default:
      return `recorded: ${incoming}`;
  }
}

/** A subscription order paid by crypto: one period of its plan, after any period already paid. */
async function startPaidPeriod(tx: Db, order: OrderRow, now: Date): Promise<void> {
  if (!order.subscriptionId || !order.subscriptionPlanId) return;
  const subscription = await findSubscriptionForUpdate(tx, order.subscriptionId);
  const plan = await findPlanById(tx, order.subscriptionPlanId);
  if (!subscription || !plan) return;
  const running = subscription.status === 'active' && subscription.currentPeriodEnd && subscription.currentPeriodEnd > now;
  const start = running ? subscription.currentPeriodEnd! : now;
  const end = new Date(start);
  if (plan.interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  await updateSubscription(tx, subscription.id, {
    status: 'active',
    planId: plan.id,
    currentPeriodStart: running ? subscription.currentPeriodStart : start,
    currentPeriodEnd: end,
    // Crypto periods do not renew by themselves: each one is paid on its own.
    cancelAtPeriodEnd: true,
    canceledAt: null,
  });
}
