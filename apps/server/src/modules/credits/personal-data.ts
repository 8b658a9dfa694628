import { eq } from 'drizzle-orm';
import { readColumns } from '../../db/read-columns.ts';
import type { Db } from '../../db/database.ts';
import { creditAccounts, creditLedger } from './tables.ts';

/** A person's balance, what they spent and their whole ledger, for their data archive. */
export async function creditsPersonalData(db: Db, userId: string) {
  const [account] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  const ledgerColumns = ['id', 'amount', 'balanceAfter', 'kind', 'reason', 'serviceKey', 'unitCost', 'createdAt'] as const;
  const ledger = await readColumns(db, creditLedger, ledgerColumns, eq(creditLedger.userId, userId), creditLedger.seq);
  return { balance: account?.balance ?? 0, spent: account?.spent ?? 0, ledger };
}
