import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { creditLedger } from './tables.ts';

/**
 * Credits ever granted and spent, by ledger kind (the ledger is append-only, so both only grow).
 * A Drizzle query, not a promise: metrics' perScrape holds it for a second and every await runs it again, as when
 * business-metrics.ts held the query itself.
 */
export function ledgerTotalsByKind(db: Db) {
  return db
    .select({
      kind: creditLedger.kind,
      granted: sql<number>`coalesce(sum(${creditLedger.amount}) filter (where ${creditLedger.amount} > 0), 0)::bigint`,
      spent: sql<number>`coalesce(-sum(${creditLedger.amount}) filter (where ${creditLedger.amount} < 0), 0)::bigint`,
    })
    .from(creditLedger)
    .groupBy(creditLedger.kind);
}
