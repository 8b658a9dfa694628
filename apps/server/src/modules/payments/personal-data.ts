import { and, asc, eq, inArray } from 'drizzle-orm';
import { readColumns } from '../../db/read-columns.ts';
import type { Db } from '../../db/database.ts';
import { autoTopUpSettings, autoTopUps, lowBalanceAlerts } from './auto-top-up/tables.ts';
import { paymentMethods } from './card/tables.ts';
import { cryptoPayments } from './crypto/tables.ts';
import { orders, refundRequests, refunds } from './orders/tables.ts';
import { subscriptions } from './subscriptions/tables.ts';

/** A person's orders (with their crypto payments and refunds), refund requests, subscriptions, cards and automatic top-up, for their data archive. */
export async function paymentsPersonalData(db: Db, userId: string) {
  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((row) => row.id);
  const cryptoRows = orderIds.length ? await db.select().from(cryptoPayments).where(inArray(cryptoPayments.orderId, orderIds)) : [];
  const refundColumns = ['id', 'orderId', 'amountCents', 'creditsReversed', 'method', 'reason', 'createdAt'] as const;
  const refundRows = orderIds.length ? await readColumns(db, refunds, refundColumns, inArray(refunds.orderId, orderIds)) : [];
  const refundRequestColumns = ['id', 'orderId', 'reason', 'status', 'decisionNote', 'decidedAt', 'createdAt'] as const;
  const refundRequestRows = await readColumns(db, refundRequests, refundRequestColumns, eq(refundRequests.userId, userId));
  const subscriptionRows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const cardColumns = ['brand', 'last4', 'expMonth', 'expYear', 'isDefault', 'createdAt'] as const;
  const cardRows = await readColumns(db, paymentMethods, cardColumns, eq(paymentMethods.userId, userId));
  const topUpColumns = [
    'enabled',
    'threshold',
    'creditPackageId',
    'monthlyLimit',
    'lowBalanceEmail',
    'disabledReason',
    'updatedAt',
  ] as const;
  const [topUpSettings] = await readColumns(db, autoTopUpSettings, topUpColumns, eq(autoTopUpSettings.userId, userId));
  const topUpRowColumns = [
    'id',
    'creditPackageId',
    'orderId',
    'balanceAtTrigger',
    'status',
    'failureCode',
    'failureMessage',
    'createdAt',
    'finishedAt',
  ] as const;
  const topUpRows = await readColumns(db, autoTopUps, topUpRowColumns, eq(autoTopUps.userId, userId), autoTopUps.createdAt);
  const alertColumns = ['balance', 'createdAt', 'mailed'] as const;
  const alertRows = await readColumns(db, lowBalanceAlerts, alertColumns, eq(lowBalanceAlerts.userId, userId), lowBalanceAlerts.createdAt);
  return {
    orders: orderRows.map((order) => ({
      ...order,
      cryptoPayments: cryptoRows.filter((row) => row.orderId === order.id),
      refunds: refundRows.filter((row) => row.orderId === order.id),
    })),
    refundRequests: refundRequestRows,
    subscriptions: subscriptionRows,
    paymentMethods: cardRows,
    autoTopUp: { settings: topUpSettings ?? null, topUps: topUpRows, lowBalanceAlerts: alertRows },
  };
}

/** Whether the person pays a subscription that renews (an account with one cannot be deleted). */
export async function hasRunningSubscription(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['active', 'past_due']),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Deletes the person's saved cards and automatic top-up (inside the erasure's transaction); orders and refunds stay for accounting. */
export async function erasePaymentsPersonalData(db: Db, userId: string): Promise<void> {
  await db.delete(paymentMethods).where(eq(paymentMethods.userId, userId));
  await db.delete(autoTopUpSettings).where(eq(autoTopUpSettings.userId, userId));
  await db.delete(autoTopUps).where(eq(autoTopUps.userId, userId));
  await db.delete(lowBalanceAlerts).where(eq(lowBalanceAlerts.userId, userId));
}
