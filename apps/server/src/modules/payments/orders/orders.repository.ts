import { and, eq, gt, inArray, isNotNull, isNull, like, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { cryptoPayments } from '../crypto/tables.ts';
import { accountFlags, orders, paymentEvents, refunds } from './tables.ts';
import { subscriptionPlans } from '../plans/tables.ts';
import type { OrderRow, OrderStatus, PaymentProvider } from './tables.ts';
import type { SubscriptionPlanRow } from '../plans/tables.ts';

export type NewOrder = typeof orders.$inferInsert;

export async function insertOrder(db: Db, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('Order insert returned no row');
  return row;
}

export async function findOrderById(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/** Locks the order row until the transaction ends: money changes on one order queue up. */
export async function findOrderForUpdate(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function findOrderByProviderPaymentId(db: Db, provider: PaymentProvider, providerPaymentId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerPaymentId, providerPaymentId)));
  return row ?? null;
}

export async function findUserOrder(db: Db, userId: string, orderId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row ?? null;
}

export async function updateOrder(db: Db, id: string, changes: Partial<NewOrder>): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  if (!row) throw new Error(`Order ${id} vanished`);
  return row;
}

/** Changes the order only while it is in one of `from`; null when it was not. */
export async function updateOrderFrom(
  db: Db,
  id: string,
  from: readonly OrderStatus[],
  changes: Partial<NewOrder>,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
    .returning();
  return row ?? null;
}

/**
 * One statement: only rows still pending when it runs change. A payment committing at the same time
 * holds the row's lock; the update then re-reads it, finds it paid and leaves it. An order with its
 * own expiry (the card dialog's) goes when that passes; one without, when it was made before `cutoff`.
 */
export async function expirePendingOrdersCreatedBefore(
  db: Db,
  provider: PaymentProvider,
  cutoff: Date,
  reason: string,
  now: Date = new Date(),
): Promise<OrderRow[]> {
  return db
    .update(orders)
    .set({ status: 'expired', failureReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.provider, provider),
        eq(orders.status, 'pending'),
        or(and(isNotNull(orders.expiresAt), lte(orders.expiresAt, now)), and(isNull(orders.expiresAt), lt(orders.createdAt, cutoff))),
      ),
    )
    .returning();
}

/**
 * Holds the opening of a card order for one user and package until the transaction ends, so that
 * openings at the same moment queue up and find the one order the first made.
 */
export async function lockCardOrderOpening(db: Db, userId: string, packageId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`card-order:${userId}:${packageId}`}))`);
}

/** The user's card-dialog order for the package still open at `now` (pending, its expiry ahead, no Checkout session). */
export async function findOpenCardOrder(
  db: Db,
  input: { userId: string; packageId: string; testMode: boolean; now: Date },
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, input.userId),
        eq(orders.creditPackageId, input.packageId),
        eq(orders.provider, 'stripe'),
        eq(orders.kind, 'credit_pack'),
        eq(orders.quantity, 1),
        eq(orders.status, 'pending'),
        eq(orders.testMode, input.testMode),
        gt(orders.expiresAt, input.now),
        or(isNull(orders.providerPaymentId), like(orders.providerPaymentId, 'pi\\_%')),
      ),
    )
    .orderBy(sql`${orders.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

export async function nextInvoiceNumber(db: Db): Promise<number> {
  const result = await db.execute(sql`select nextval('invoice_numbers') as value`);
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as { value: string | number }[];
  const value = Number(rows[0]?.value);
  if (!Number.isSafeInteger(value)) throw new Error('invoice_numbers returned no value');
  return value;
}

export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** Inserts the event unless (provider, event id) is stored: null then (a redelivery). */
export async function insertPaymentEventOnce(
  db: Db,
  values: { provider: PaymentProvider; eventId: string; type: string; payload: unknown; orderId?: string | null },
): Promise<PaymentEventRow | null> {
  const [row] = await db
    .insert(paymentEvents)
    .values({ ...values, orderId: values.orderId ?? null })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning();
  return row ?? null;
}

export async function findPaymentEvent(db: Db, provider: PaymentProvider, eventId: string): Promise<PaymentEventRow | null> {
  const [row] = await db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  return row ?? null;
}

export async function finishPaymentEvent(db: Db, id: string, outcome: string, orderId: string | null): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ outcome, processedAt: sql`now()`, ...(orderId ? { orderId } : {}) })
    .where(eq(paymentEvents.id, id));
}

export type RefundRow = typeof refunds.$inferSelect;

export async function findRefundByReference(db: Db, method: 'stripe' | 'manual', reference: string): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.method, method), eq(refunds.reference, reference)));
  return row ?? null;
}

export async function insertRefund(db: Db, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  if (!row) throw new Error('Refund insert returned no row');
  return row;
}

export async function updateRefundCredits(db: Db, id: string, creditsReversed: number): Promise<void> {
  await db.update(refunds).set({ creditsReversed }).where(eq(refunds.id, id));
}

export async function insertAccountFlag(db: Db, values: { userId: string; reason: string; orderId: string }): Promise<void> {
  await db.insert(accountFlags).values(values);
}

/** Any plan, archived or hidden included (a renewal of an existing subscription). */
export async function findPlanById(db: Db, id: string): Promise<SubscriptionPlanRow | null> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return row ?? null;
}

/** Names who made a refund that the provider's event recorded first (it carries no actor). */
export async function claimRefund(db: Db, id: string, values: { reason: string; actorUserId: string | null }): Promise<void> {
  await db
    .update(refunds)
    .set(values)
    .where(and(eq(refunds.id, id), isNull(refunds.actorUserId)));
}

/** The order's finished crypto payment(s) → refunded (a manual refund gave the coins back). */
export async function markCryptoPaymentsOfOrderRefunded(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .update(cryptoPayments)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(and(eq(cryptoPayments.orderId, orderId), eq(cryptoPayments.status, 'finished')))
    .returning({ paymentId: cryptoPayments.paymentId });
  return rows.map((row) => row.paymentId);
}
