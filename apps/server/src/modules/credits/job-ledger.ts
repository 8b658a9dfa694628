import { and, eq, inArray, like, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { creditLedger } from './tables.ts';
import type { CreditLedgerRow } from './tables.ts';

/** A job's charges (the first and any admin re-charges) and their refunds, oldest first, for the admin's job detail. */
export async function jobLedgerEntries(
  db: Db,
  job: { id: string; userId: string; chargeLedgerId: string | null },
): Promise<CreditLedgerRow[]> {
  const chargeMatch = job.chargeLedgerId
    ? or(eq(creditLedger.id, job.chargeLedgerId), like(creditLedger.idempotencyKey, `job:${job.id}:%`))
    : like(creditLedger.idempotencyKey, `job:${job.id}:%`);
  const charges = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, job.userId), chargeMatch));
  const refundKeys = charges.map((charge) => `refund:${charge.id}`);
  const refunds = refundKeys.length ? await db.select().from(creditLedger).where(inArray(creditLedger.idempotencyKey, refundKeys)) : [];
  return [...charges, ...refunds].sort((a, b) => a.seq - b.seq);
}
