import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { creditAccounts, creditLedger } from './tables.ts';
import type { CreditLedgerRow, LedgerKind } from './tables.ts';
import { userProfiles } from '../users/index.ts';
import type { UserWithCredit } from '../users/index.ts';

export async function insertCreditAccount(db: Db, userId: string): Promise<void> {
  await db.insert(creditAccounts).values({ userId }).onConflictDoNothing();
}

function prepareCreditAccountQuery(db: Db) {
  return db
    .select({ balance: creditAccounts.balance, spent: creditAccounts.spent })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, sql.placeholder('userId')))
    .prepare('find_credit_account');
}
const creditAccountQueries = new WeakMap<Db, ReturnType<typeof prepareCreditAccountQuery>>();

/** A user's balance and lifetime spend: read on every balance request, so a prepared statement per database (or transaction). */
export async function findCreditAccount(db: Db, userId: string): Promise<{ balance: number; spent: number } | null> {
  let query = creditAccountQueries.get(db);
  if (!query) {
    query = prepareCreditAccountQuery(db);
    creditAccountQueries.set(db, query);
  }
  const [row] = await query.execute({ userId });
  return row ?? null;
}

export async function findLedgerEntryByKey(db: Db, idempotencyKey: string): Promise<CreditLedgerRow | null> {
  const [row] = await db.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export async function findLedgerEntryById(db: Db, id: string): Promise<CreditLedgerRow | null> {
  const [row] = await db.select().from(creditLedger).where(eq(creditLedger.id, id));
  return row ?? null;
}

/**
 * Adds `amount` (signed) to the balance only if the result stays >= 0; the row lock taken by
 * UPDATE makes parallel charges queue up, and each re-checks the condition on the newest row.
 * `spentDelta` moves the lifetime spent counter (charges up, refunds down, never below 0).
 */
export async function applyBalanceChange(
  db: Db,
  input: { userId: string; amount: number; spentDelta: number },
): Promise<{ balance: number } | null> {
  const [row] = await db
    .update(creditAccounts)
    .set({
      balance: sql`${creditAccounts.balance} + ${input.amount}`,
      spent: sql`greatest(${creditAccounts.spent} + ${input.spentDelta}, 0)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(creditAccounts.userId, input.userId), gte(sql`${creditAccounts.balance} + ${input.amount}`, 0)))
    .returning({ balance: creditAccounts.balance });
  return row ?? null;
}

export type NewLedgerEntry = {
  userId: string;
  amount: number;
  balanceAfter: number;
  kind: LedgerKind;
  idempotencyKey: string;
  reason: string | null;
  serviceKey?: string | null;
  unitCost?: number | null;
  actorUserId?: string | null;
};

export async function insertLedgerEntry(db: Db, entry: NewLedgerEntry): Promise<CreditLedgerRow> {
  const [row] = await db.insert(creditLedger).values(entry).returning();
  if (!row) throw new Error('Ledger insert returned no row');
  return row;
}

export async function sumLedger(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.total ?? 0);
}

export async function listLedgerEntries(db: Db, userId: string): Promise<CreditLedgerRow[]> {
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(creditLedger.seq);
}

function ledgerFilter(userId: string, kinds?: readonly LedgerKind[]) {
  return kinds ? and(eq(creditLedger.userId, userId), inArray(creditLedger.kind, [...kinds])) : eq(creditLedger.userId, userId);
}

/** One page of a user's ledger, newest first, optionally limited to some kinds. */
export async function findLedgerPage(
  db: Db,
  input: { userId: string; kinds?: readonly LedgerKind[]; limit: number; page: number },
): Promise<{ rows: CreditLedgerRow[]; total: number }> {
  const where = ledgerFilter(input.userId, input.kinds);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(creditLedger)
      .where(where)
      .orderBy(desc(creditLedger.seq))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ total: count() }).from(creditLedger).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Credits added (positive amounts) and removed (negative amounts, as a positive number). */
export async function sumLedgerBySign(db: Db, userId: string, kinds: readonly LedgerKind[]) {
  const [row] = await db
    .select({
      added: sql<string>`coalesce(sum(${creditLedger.amount}) filter (where ${creditLedger.amount} > 0), 0)`,
      removed: sql<string>`coalesce(-sum(${creditLedger.amount}) filter (where ${creditLedger.amount} < 0), 0)`,
    })
    .from(creditLedger)
    .where(ledgerFilter(userId, kinds));
  return { added: Number(row?.added ?? 0), removed: Number(row?.removed ?? 0) };
}

/** Per service and kind: the summed amount and the number of rows (tool usage). */
export async function sumUsageByService(db: Db, userId: string) {
  const rows = await db
    .select({
      serviceKey: creditLedger.serviceKey,
      kind: creditLedger.kind,
      total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)`,
      entries: count(),
    })
    .from(creditLedger)
    .where(ledgerFilter(userId, ['job_charge', 'job_refund']))
    .groupBy(creditLedger.serviceKey, creditLedger.kind);
  return rows.map((row) => ({ ...row, total: Number(row.total) }));
}

export async function hasLedgerKind(db: Db, userId: string, kind: LedgerKind): Promise<boolean> {
  const [row] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(ledgerFilter(userId, [kind]))
    .limit(1);
  return Boolean(row);
}

/** Bought credits at least once (a credit pack or a subscription period): unlocks downloads. */
export async function hasPurchased(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(ledgerFilter(userId, ['purchase', 'subscription_grant']))
    .limit(1);
  return Boolean(row);
}

/** The balance with the account row locked until the transaction ends (a cap computed from it stays true). */
export async function findCreditAccountForUpdate(db: Db, userId: string): Promise<{ balance: number } | null> {
  const [row] = await db
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId))
    .for('update');
  return row ?? null;
}

/** The user with its balance and total spent (0 and 0 before its credit account exists). */
export async function findUserWithCredit(db: Db, id: string): Promise<UserWithCredit | null> {
  const user = userProfiles();
  const [row] = await db
    .select({ user: user.row, balance: creditAccounts.balance, spent: creditAccounts.spent })
    .from(user.table)
    .leftJoin(creditAccounts, eq(creditAccounts.userId, user.table.id))
    .where(eq(user.table.id, id));
  if (!row) return null;
  return { ...row.user, credit: { balance: row.balance ?? 0, spent: row.spent ?? 0 } };
}
