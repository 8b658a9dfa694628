import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { creditAccounts, creditLedger } from './tables.ts';
import type { CreditLedgerRow, LedgerKind } from './tables.ts';

export async function insertCreditAccount(db: Db, userId: string): Promise<void> {
  await db.insert(creditAccounts).values({ userId }).onConflictDoNothing();
}

export async function findCreditAccount(db: Db, userId: string) {
  const [row] = await db
    .select({ balance: creditAccounts.balance, spent: creditAccounts.spent })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  return row ?? null;
}

export async function findLedgerEntryByKey(db: Db, idempotencyKey: string): Promise<CreditLedgerRow | null> {
  const [row] = await db.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, idempotencyKey));
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

export async function insertLedgerEntry(
  db: Db,
  entry: { userId: string; amount: number; balanceAfter: number; kind: LedgerKind; idempotencyKey: string; reason: string | null },
): Promise<CreditLedgerRow> {
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
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(creditLedger.createdAt);
}
