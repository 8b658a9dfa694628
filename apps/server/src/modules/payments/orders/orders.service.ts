import { centsToDollars } from '@lumen/core/credits/rules';
import { formatInvoiceNumber } from '@lumen/core/payments/orders';
import type { OrderDto } from '@lumen/core/payments/orders';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/pg-errors.ts';
import { AppError } from '../../../plugins/app-error.ts';
import { findActivePackage } from '../../credits/index.ts';
import { PACKAGE_NOT_FOUND_MESSAGE } from '../../credits/index.ts';
import { findCreditAccountForUpdate } from '../../credits/index.ts';
import { grantCredits, moveCredits } from '../../credits/index.ts';
import {
  findOrderForUpdate,
  findPlanById,
  findPaymentEvent,
  findRefundByReference,
  expirePendingOrdersCreatedBefore,
  findOpenCardOrder,
  findUserOrder,
  finishPaymentEvent,
  insertAccountFlag,
  insertOrder,
  insertPaymentEventOnce,
  insertRefund,
  lockCardOrderOpening,
  nextInvoiceNumber,
  updateOrder,
  updateOrderFrom,
} from './orders.repository.ts';
import { PLAN_NOT_FOUND_MESSAGE, findActivePlan } from '../plans/index.ts';
import type { OrderRow, OrderStatus, PaymentProvider } from './tables.ts';

/**
 * The money core (docs/api/payments-contract.md): the only code that changes an order's money
 * state. Every function takes `db`, a transaction when it runs inside handleProviderEvent.
 */

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

export function toOrderDto(row: OrderRow): OrderDto {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    status: row.status,
    amountCents: row.amountCents,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    credits: row.credits,
    provider: row.provider,
    testMode: row.testMode,
    failureReason: row.failureReason,
    invoiceNumber: formatInvoiceNumber(row.invoiceNumber),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

/** Price and credits come from the server's own active package, never from the client. */
export async function createCreditPackOrder(
  db: Db,
  input: { userId: string; packageId: string; quantity?: number; provider: PaymentProvider; testMode: boolean },
): Promise<OrderRow> {
  const quantity = input.quantity ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100) {
    throw new AppError('VALIDATION_ERROR', 400, 'Quantity must be a whole number from 1 to 100');
  }
  const pack = await findActivePackage(db, input.packageId);
  if (!pack) throw new AppError('NOT_FOUND', 404, PACKAGE_NOT_FOUND_MESSAGE);
  return insertOrder(db, {
    userId: input.userId,
    kind: 'credit_pack',
    creditPackageId: pack.id,
    description: quantity === 1 ? pack.name : `${pack.name} × ${quantity}`,
    quantity,
    amountCents: pack.priceCents * quantity,
    credits: pack.creditsAmount * quantity,
    provider: input.provider,
    testMode: input.testMode,
  });
}

/** How long a card dialog's order stays open after the dialog was last opened for it. */
export const OPEN_CARD_ORDER_MS = 30 * 60_000;
export const PRICE_CHANGED_REASON = 'The package price changed before payment';

/**
 * One open order per purchase attempt: opening the card dialog again for the same package gives the
 * order it opened before (and 30 more minutes), not another one. Openings at the same moment queue on
 * a lock, so any number of them make one order. An open order whose package price has changed since
 * is closed and a new one made at the current price.
 */
export async function openCardOrder(
  db: Db,
  input: { userId: string; packageId: string; testMode: boolean; now: Date },
): Promise<{ order: OrderRow; reused: boolean }> {
  return db.transaction(async (tx) => {
    await lockCardOrderOpening(tx, input.userId, input.packageId);
    const pack = await findActivePackage(tx, input.packageId);
    if (!pack) throw new AppError('NOT_FOUND', 404, PACKAGE_NOT_FOUND_MESSAGE);
    const expiresAt = new Date(input.now.getTime() + OPEN_CARD_ORDER_MS);
    const open = await findOpenCardOrder(tx, input);
    if (open && open.amountCents === pack.priceCents && open.credits === pack.creditsAmount) {
      return { order: await updateOrder(tx, open.id, { expiresAt }), reused: true };
    }
    if (open) await markOrderUnpaid(tx, open.id, 'expired', PRICE_CHANGED_REASON);
    const order = await insertOrder(tx, {
      userId: input.userId,
      kind: 'credit_pack',
      creditPackageId: pack.id,
      description: pack.name,
      quantity: 1,
      amountCents: pack.priceCents,
      credits: pack.creditsAmount,
      provider: 'stripe',
      testMode: input.testMode,
      expiresAt,
    });
    return { order, reused: false };
  });
}

/** One period of a subscription: the plan's price and credits at this moment. */
export async function createSubscriptionOrder(
  db: Db,
  input: { userId: string; planId: string; subscriptionId: string; provider: PaymentProvider; testMode: boolean; description?: string },
): Promise<OrderRow> {
  const plan = await findActivePlanOrAny(db, input.planId);
  return insertOrder(db, {
    userId: input.userId,
    kind: 'subscription',
    subscriptionPlanId: plan.id,
    subscriptionId: input.subscriptionId,
    description: input.description ?? `${plan.name} plan`,
    amountCents: plan.priceCents,
    credits: plan.creditsPerPeriod,
    provider: input.provider,
    testMode: input.testMode,
  });
}

/** Renewals of an existing subscription keep working after the admin hides its plan from the list. */
async function findActivePlanOrAny(db: Db, planId: string) {
  const active = await findActivePlan(db, planId);
  if (active) return active;
  const row = await findPlanById(db, planId);
  if (!row) throw new AppError('NOT_FOUND', 404, PLAN_NOT_FOUND_MESSAGE);
  return row;
}

export async function setOrderProviderPaymentId(db: Db, orderId: string, providerPaymentId: string): Promise<OrderRow> {
  return updateOrder(db, orderId, { providerPaymentId });
}

export type ProviderEventInput = {
  provider: PaymentProvider;
  eventId: string;
  type: string;
  payload: unknown;
  orderId?: string | null;
};

export type ProviderEventResult = { duplicate: boolean; outcome: string };

/**
 * Stores the event once (unique on provider + event id) and runs `process` in the same
 * transaction. A redelivery, even many at once, finds the row (or waits on the first one's
 * uncommitted insert) and runs nothing. If `process` throws, the row is rolled back with
 * everything else, so the provider's retry is processed again.
 */
export async function handleProviderEvent(
  db: Db,
  input: ProviderEventInput,
  process: (tx: Db) => Promise<string>,
): Promise<ProviderEventResult> {
  const earlier = await findPaymentEvent(db, input.provider, input.eventId);
  if (earlier) return { duplicate: true, outcome: earlier.outcome ?? '' };
  try {
    return await db.transaction(async (tx) => {
      const row = await insertPaymentEventOnce(tx, input);
      if (!row) {
        const stored = await findPaymentEvent(tx, input.provider, input.eventId);
        return { duplicate: true, outcome: stored?.outcome ?? '' };
      }
      const outcome = await process(tx);
      await finishPaymentEvent(tx, row.id, outcome, input.orderId ?? null);
      return { duplicate: false, outcome };
    });
  } catch (error) {
    // Two first deliveries raced past the insert (possible only without a wait on the row): the other one won.
    if (isUniqueViolation(error)) {
      const stored = await findPaymentEvent(db, input.provider, input.eventId);
      if (stored) return { duplicate: true, outcome: stored.outcome ?? '' };
    }
    throw error;
  }
}

const payableStatuses: readonly OrderStatus[] = ['pending', 'failed', 'partially_paid'];

/**
 * Pending, failed or partially paid → paid: takes a receipt number and grants the order's
 * credits once (key `order:<id>`). Any other status changes nothing. `reopenExpired` (card
 * payments): an order expired as abandoned whose payment still went through is paid, since the
 * money was taken (crypto keeps late deposits for a person instead).
 */
export async function markOrderPaid(
  db: Db,
  orderId: string,
  options: { paymentMethodLabel?: string; reopenExpired?: boolean } = {},
): Promise<{ credited: boolean; order: OrderRow }> {
  return db.transaction(async (tx) => {
    const order = await findOrderForUpdate(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', 404, ORDER_NOT_FOUND_MESSAGE);
    const payable = payableStatuses.includes(order.status) || (options.reopenExpired === true && order.status === 'expired');
    if (!payable) return { credited: false, order };
    const paid = await updateOrder(tx, order.id, {
      status: 'paid',
      paidAt: new Date(),
      failureReason: null,
      invoiceNumber: order.invoiceNumber ?? (await nextInvoiceNumber(tx)),
      ...(options.paymentMethodLabel ? { paymentMethodLabel: options.paymentMethodLabel } : {}),
    });
    const grant = await grantCredits(tx, {
      userId: order.userId,
      amount: order.credits,
      kind: order.kind === 'subscription' ? 'subscription_grant' : 'purchase',
      idempotencyKey: `order:${order.id}`,
      reason: order.description,
    });
    return { credited: !grant.isReplay, order: paid };
  });
}

/** Pending (or partially paid) → failed, expired or partially paid, with a reason the user can read. */
export async function markOrderUnpaid(
  db: Db,
  orderId: string,
  status: 'failed' | 'expired' | 'partially_paid',
  reason: string,
): Promise<OrderRow | null> {
  return updateOrderFrom(db, orderId, ['pending', 'partially_paid'], { status, failureReason: reason });
}

/** Orders of Stripe's hosted checkout keep Stripe's own session life (24 h); the card dialog's have their own expiry. */
export const ABANDONED_CARD_ORDER_MS = 24 * 60 * 60_000;
export const ABANDONED_CHECKOUT_REASON = 'Checkout was not completed';

/**
 * Card orders nobody paid become expired: the card dialog's once their expiry has passed (30 minutes
 * after the dialog was last opened), hosted-checkout ones a day after they were made. Only pending rows
 * change: a paid order is never touched, and a payment that still arrives later reopens it
 * (`markOrderPaid` with `reopenExpired`). Expired orders never count as money. Returns how many.
 */
export async function expireAbandonedCardOrders(db: Db, now: Date, maxAgeMs = ABANDONED_CARD_ORDER_MS): Promise<number> {
  const expired = await expirePendingOrdersCreatedBefore(db, 'stripe', new Date(now.getTime() - maxAgeMs), ABANDONED_CHECKOUT_REASON, now);
  return expired.length;
}

export type ReverseOrderInput = {
  orderId: string;
  /** The order's cumulative refunded amount (Stripe's amount_refunded); the delta is this refund. */
  refundedCentsTotal: number;
  reason: string;
  method: 'stripe' | 'manual';
  /** Stripe refund or dispute id, or the payout reference of a manual refund: one refund row each. */
  reference: string;
  actorUserId?: string | null;
  dispute?: boolean;
};

export type ReverseOrderResult = {
  /** Null when nothing new was refunded (a replay, or a dispute on an already refunded order). */
  refundId: string | null;
  creditsReversed: number;
  /** True when this reference had been handled before: nothing changed. */
  replay: boolean;
};

const reversibleStatuses: readonly OrderStatus[] = ['paid', 'partially_refunded', 'refunded', 'disputed'];

const proportionalCredits = (order: OrderRow, refundedCents: number) =>
  refundedCents >= order.amountCents ? order.credits : Math.floor((order.credits * refundedCents) / order.amountCents);

/**
 * Gives money back on a paid order and takes back the credits in proportion, capped by the
 * user's balance so it never goes below zero (credits already spent stay spent). A dispute
 * also flags the account. Replays of the same (method, reference) change nothing.
 */
export async function reverseOrderCredits(db: Db, input: ReverseOrderInput): Promise<ReverseOrderResult> {
  if (!Number.isSafeInteger(input.refundedCentsTotal) || input.refundedCentsTotal < 0) {
    throw new AppError('VALIDATION_ERROR', 400, 'The refunded amount must be a whole number of cents');
  }
  return db.transaction(async (tx) => {
    const order = await findOrderForUpdate(tx, input.orderId);
    if (!order) throw new AppError('NOT_FOUND', 404, ORDER_NOT_FOUND_MESSAGE);
    const earlier = await findRefundByReference(tx, input.method, input.reference);
    if (earlier) return { refundId: earlier.id, creditsReversed: earlier.creditsReversed, replay: true };
    if (!reversibleStatuses.includes(order.status)) {
      throw new AppError('CONFLICT', 409, 'Only a paid order can be refunded');
    }

    const newTotal = Math.min(input.refundedCentsTotal, order.amountCents);
    const deltaCents = newTotal - order.refundedCents;
    let refundId: string | null = null;
    let creditsReversed = 0;
    if (deltaCents > 0) {
      const wanted = proportionalCredits(order, newTotal) - proportionalCredits(order, order.refundedCents);
      const account = await findCreditAccountForUpdate(tx, order.userId);
      creditsReversed = Math.max(0, Math.min(wanted, account?.balance ?? 0, order.credits - order.creditsReversed));
      const refund = await insertRefund(tx, {
        orderId: order.id,
        amountCents: deltaCents,
        creditsReversed,
        method: input.method,
        reference: input.reference,
        reason: input.reason,
        actorUserId: input.actorUserId ?? null,
      });
      refundId = refund.id;
      if (creditsReversed > 0) {
        await moveCredits(tx, {
          userId: order.userId,
          amount: -creditsReversed,
          kind: 'payment_refund',
          idempotencyKey: `refund:${refund.id}`,
          reason: input.dispute ? `Dispute: ${order.description}` : `Refund: ${order.description}`,
          actorUserId: input.actorUserId ?? undefined,
        });
      }
    } else if (!input.dispute) {
      return { refundId: null, creditsReversed: 0, replay: false };
    }

    const refundedCents = Math.max(order.refundedCents, newTotal);
    const status: OrderStatus = input.dispute ? 'disputed' : refundedCents >= order.amountCents ? 'refunded' : 'partially_refunded';
    await updateOrder(tx, order.id, {
      refundedCents,
      creditsReversed: order.creditsReversed + creditsReversed,
      status,
    });
    if (input.dispute) {
      await insertAccountFlag(tx, { userId: order.userId, orderId: order.id, reason: `Payment dispute: ${input.reason}` });
    }
    return { refundId, creditsReversed, replay: false };
  });
}

/** The owner's order; anyone else's is a 404 (never reveals that it exists). */
export async function getOrderForUser(db: Db, userId: string, orderId: string): Promise<OrderDto> {
  const row = await findUserOrder(db, userId, orderId);
  if (!row) throw new AppError('NOT_FOUND', 404, ORDER_NOT_FOUND_MESSAGE);
  return toOrderDto(row);
}
