import { and, asc, count, desc, eq, gte, ilike, lte, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AdminPaymentsQuery } from '@lumen/core/payments/billing';
import type { Db } from '../../../db/database.ts';
import { userDirectory } from '../../users/index.ts';
import { accountFlags, orders, paymentEvents, refundRequests, refunds } from './tables.ts';
import { liveMoney, moneyColumns, testMoney, toMoneyTotals } from './money-rule.ts';

const account = userDirectory('account');
const owner = {
  id: account.id,
  email: account.email,
  firstName: account.firstName,
  lastName: account.lastName,
};

/** `%` and `_` in a search are literal characters, not wildcards. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A bare date in `to` means the end of that day (UTC). */
export function toDateBound(value: string, edge: 'from' | 'to'): Date {
  if (DATE_ONLY.test(value)) return new Date(`${value}T${edge === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`);
  return new Date(value);
}

function paymentFilters(query: Omit<AdminPaymentsQuery, 'page' | 'limit'>): SQL | undefined {
  const conditions: SQL[] = [];
  // Abandoned checkouts (expired) stay out of the list unless asked for by status.
  conditions.push(query.status ? eq(orders.status, query.status) : ne(orders.status, 'expired'));
  if (query.provider) conditions.push(eq(orders.provider, query.provider));
  if (query.from) conditions.push(gte(orders.createdAt, toDateBound(query.from, 'from')));
  if (query.to) conditions.push(lte(orders.createdAt, toDateBound(query.to, 'to')));
  if (query.search) {
    const pattern = likePattern(query.search);
    const match = or(
      ilike(account.email, pattern),
      ilike(account.firstName, pattern),
      ilike(account.lastName, pattern),
      ilike(sql`${account.firstName} || ' ' || ${account.lastName}`, pattern),
    );
    if (match) conditions.push(match);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Orders with their user, newest first, and the money totals over the whole filter, live and test apart. */
export async function findAdminPaymentsPage(db: Db, query: AdminPaymentsQuery) {
  const where = paymentFilters(query);
  const [rows, [summary]] = await Promise.all([
    db
      .select({ order: orders, user: owner })
      .from(orders)
      .innerJoin(account, eq(account.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({
        total: count(),
        live: moneyColumns(liveMoney),
        test: moneyColumns(testMoney),
      })
      .from(orders)
      .innerJoin(account, eq(account.id, orders.userId))
      .where(where),
  ]);
  return {
    rows,
    total: summary?.total ?? 0,
    totals: { live: toMoneyTotals(summary?.live), test: toMoneyTotals(summary?.test) },
  };
}

export async function findOrderWithUser(db: Db, orderId: string) {
  const [row] = await db
    .select({ order: orders, user: owner })
    .from(orders)
    .innerJoin(account, eq(account.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

export async function listEventsOfOrder(db: Db, orderId: string) {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id));
}

export async function listRefundRequestsOfOrder(db: Db, orderId: string) {
  return db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId)).orderBy(desc(refundRequests.createdAt));
}

export async function listAccountFlags(db: Db, userId: string) {
  return db.select().from(accountFlags).where(eq(accountFlags.userId, userId)).orderBy(desc(accountFlags.createdAt));
}

const decider = userDirectory('decider');

/** Refund requests, pending first (oldest pending on top), then decided ones newest first. */
export async function findRefundRequestsPage(db: Db, query: { status?: 'pending' | 'approved' | 'rejected'; limit: number; page: number }) {
  const where = query.status ? eq(refundRequests.status, query.status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ request: refundRequests, order: orders, user: owner, decidedBy: { id: decider.id, email: decider.email } })
      .from(refundRequests)
      .innerJoin(orders, eq(orders.id, refundRequests.orderId))
      .innerJoin(account, eq(account.id, refundRequests.userId))
      .leftJoin(decider, eq(decider.id, refundRequests.decidedByUserId))
      .where(where)
      .orderBy(
        sql`case when ${refundRequests.status} = 'pending' then 0 else 1 end`,
        sql`case when ${refundRequests.status} = 'pending' then ${refundRequests.createdAt} end asc`,
        desc(sql`coalesce(${refundRequests.decidedAt}, ${refundRequests.createdAt})`),
        desc(refundRequests.id),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(refundRequests).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findRefundRequestWithOrder(db: Db, requestId: string) {
  const [row] = await db
    .select({ request: refundRequests, order: orders, user: owner, decidedBy: { id: decider.id, email: decider.email } })
    .from(refundRequests)
    .innerJoin(orders, eq(orders.id, refundRequests.orderId))
    .innerJoin(account, eq(account.id, refundRequests.userId))
    .leftJoin(decider, eq(decider.id, refundRequests.decidedByUserId))
    .where(eq(refundRequests.id, requestId));
  return row ?? null;
}

type RefundRequestDecisionValues = {
  status: 'approved' | 'rejected';
  /** Null when no person decided it (a refund made from Stripe's side closed it). */
  decidedByUserId: string | null;
  decisionNote: string | null;
  refundId: string | null;
  decidedAt: Date;
};

/** Marks a pending request decided; null when it was no longer pending (decided by someone else). */
export async function decideRefundRequest(db: Db, requestId: string, decision: RefundRequestDecisionValues) {
  const [row] = await db
    .update(refundRequests)
    .set(decision)
    .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Decides the order's pending request, if it has one (at most one is pending per order); null otherwise. */
export async function decidePendingRefundRequestOfOrder(db: Db, orderId: string, decision: RefundRequestDecisionValues) {
  const [row] = await db
    .update(refundRequests)
    .set(decision)
    .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, 'pending')))
    .returning();
  return row ?? null;
}

const actor = userDirectory('actor');

/** Refunds made, newest first, with the order and its user. */
export async function findRefundHistoryPage(db: Db, query: { limit: number; page: number }) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ refund: refunds, order: orders, user: owner, actorEmail: actor.email })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(account, eq(account.id, orders.userId))
      .leftJoin(actor, eq(actor.id, refunds.actorUserId))
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(refunds),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findRefundByReferenceAnyOrder(db: Db, method: 'stripe' | 'manual', reference: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.method, method), eq(refunds.reference, reference)));
  return row ?? null;
}
