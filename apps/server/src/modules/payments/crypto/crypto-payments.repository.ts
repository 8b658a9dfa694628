import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { finalPaymentStatuses } from './crypto-provider.ts';
import { cryptoPayments } from './tables.ts';
import { orders } from '../orders/tables.ts';
import { subscriptions } from '../subscriptions/tables.ts';
import type { CryptoPaymentRow } from './tables.ts';
import type { OrderRow } from '../orders/tables.ts';
import type { SubscriptionRow } from '../subscriptions/tables.ts';

export type NewCryptoPayment = typeof cryptoPayments.$inferInsert;

export async function insertCryptoPayment(db: Db, values: NewCryptoPayment): Promise<CryptoPaymentRow> {
  const [row] = await db.insert(cryptoPayments).values(values).returning();
  if (!row) throw new Error('Crypto payment insert returned no row');
  return row;
}

export async function findCryptoPayment(db: Db, paymentId: string): Promise<CryptoPaymentRow | null> {
  const [row] = await db.select().from(cryptoPayments).where(eq(cryptoPayments.paymentId, paymentId));
  return row ?? null;
}

/** Locks the payment row: two notifications about one payment are applied one after the other. */
export async function findCryptoPaymentForUpdate(db: Db, id: string): Promise<CryptoPaymentRow | null> {
  const [row] = await db.select().from(cryptoPayments).where(eq(cryptoPayments.id, id)).for('update');
  return row ?? null;
}

/** The payment with its order, only when the order belongs to `userId`. */
export async function findUserCryptoPayment(
  db: Db,
  userId: string,
  paymentId: string,
): Promise<{ payment: CryptoPaymentRow; order: OrderRow } | null> {
  const [row] = await db
    .select({ payment: cryptoPayments, order: orders })
    .from(cryptoPayments)
    .innerJoin(orders, eq(orders.id, cryptoPayments.orderId))
    .where(and(eq(cryptoPayments.paymentId, paymentId), eq(orders.userId, userId)));
  return row ?? null;
}

export async function updateCryptoPayment(db: Db, id: string, changes: Partial<NewCryptoPayment>): Promise<void> {
  await db
    .update(cryptoPayments)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(cryptoPayments.id, id));
}

export async function touchCryptoPayment(db: Db, id: string): Promise<void> {
  await updateCryptoPayment(db, id, {});
}

export async function orderExists(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return Boolean(row);
}

/** When the quoted amount stops being valid (shown to admins and used by reconciliation). */
export async function setOrderExpiry(db: Db, orderId: string, expiresAt: Date): Promise<void> {
  await db
    .update(orders)
    .set({ expiresAt, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** Payments the provider has not settled yet, whose order still waits for money: oldest check first. */
export async function listUnsettledCryptoPayments(db: Db, limit: number): Promise<CryptoPaymentRow[]> {
  const rows = await db
    .select({ payment: cryptoPayments })
    .from(cryptoPayments)
    .innerJoin(orders, eq(orders.id, cryptoPayments.orderId))
    .where(and(notInArray(cryptoPayments.status, [...finalPaymentStatuses]), inArray(orders.status, ['pending', 'partially_paid'])))
    .orderBy(asc(cryptoPayments.updatedAt))
    .limit(limit);
  return rows.map((row) => row.payment);
}

export type NewSubscription = typeof subscriptions.$inferInsert;

export async function findUserSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

export async function insertSubscription(db: Db, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('Subscription insert returned no row');
  return row;
}

export async function findSubscriptionForUpdate(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ?? null;
}

export async function updateSubscription(db: Db, id: string, changes: Partial<NewSubscription>): Promise<void> {
  await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id));
}
