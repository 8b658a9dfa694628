import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { InvoiceStatus } from '@lumen/core/payments/billing';
import type { Db } from '../../../db/database.ts';
import { packageSummariesOf } from '../../credits/index.ts';
import { findUserContact, userDirectory } from '../../users/index.ts';
import { cryptoPayments } from '../crypto/tables.ts';
import { orders, refundRequests, refunds } from './tables.ts';
import { subscriptionPlans } from '../plans/tables.ts';
import type { CryptoPaymentRow } from '../crypto/tables.ts';
import type { OrderRow } from './tables.ts';

export type RefundRequestRow = typeof refundRequests.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** A user's orders, newest first; without a status every order but pending ones. */
export async function findInvoicePage(db: Db, userId: string, input: { status?: InvoiceStatus; limit: number; page: number }) {
  const where = and(eq(orders.userId, userId), input.status ? eq(orders.status, input.status) : ne(orders.status, 'pending'));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findOrderOfUser(db: Db, userId: string, orderId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row ?? null;
}

export async function findOrder(db: Db, orderId: string, options: { forUpdate?: boolean } = {}): Promise<OrderRow | null> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The newest refund request of each order. */
export async function latestRefundRequests(db: Db, orderIds: string[]): Promise<Map<string, RefundRequestRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(refundRequests)
    .where(inArray(refundRequests.orderId, orderIds))
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id));
  const latest = new Map<string, RefundRequestRow>();
  for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row);
  return latest;
}

/** The newest crypto payment of each order. */
export async function latestCryptoPayments(db: Db, orderIds: string[]): Promise<Map<string, CryptoPaymentRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(cryptoPayments)
    .where(inArray(cryptoPayments.orderId, orderIds))
    .orderBy(desc(cryptoPayments.createdAt), desc(cryptoPayments.id));
  const latest = new Map<string, CryptoPaymentRow>();
  for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row);
  return latest;
}

const actor = userDirectory('actor');

export async function listRefundsOfOrder(db: Db, orderId: string) {
  return db
    .select({ refund: refunds, actorEmail: actor.email })
    .from(refunds)
    .leftJoin(actor, eq(actor.id, refunds.actorUserId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function findRefund(db: Db, refundId: string) {
  const [row] = await db
    .select({ refund: refunds, actorEmail: actor.email })
    .from(refunds)
    .leftJoin(actor, eq(actor.id, refunds.actorUserId))
    .where(eq(refunds.id, refundId));
  return row ?? null;
}

/** The package or plan name the order was made from (the description already carries the quantity). */
export async function productNameOf(db: Db, order: OrderRow): Promise<string | null> {
  if (order.creditPackageId) {
    return (await packageSummariesOf(db, [order.creditPackageId])).get(order.creditPackageId)?.name ?? null;
  }
  if (order.subscriptionPlanId) {
    const [row] = await db
      .select({ name: subscriptionPlans.name })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, order.subscriptionPlanId));
    return row ? `${row.name} plan` : null;
  }
  return null;
}

export async function findBuyer(db: Db, userId: string) {
  const contact = await findUserContact(db, userId);
  return contact && { id: contact.id, email: contact.email, firstName: contact.firstName, lastName: contact.lastName };
}

export async function insertRefundRequest(db: Db, values: { orderId: string; userId: string; reason: string }): Promise<RefundRequestRow> {
  const [row] = await db.insert(refundRequests).values(values).returning();
  if (!row) throw new Error('insert refund_requests returned no row');
  return row;
}
