import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { orders } from './orders/tables.ts';

/**
 * Every order counted and summed by provider, status, test mode and currency (the metrics' payment gauges).
 * A Drizzle query, not a promise: metrics' perScrape holds it for a second and every await runs it again, as when
 * business-metrics.ts held the query itself.
 */
export function orderTotalsByStatus(db: Db) {
  return db
    .select({
      provider: orders.provider,
      status: orders.status,
      testMode: orders.testMode,
      currency: orders.currency,
      count: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${orders.amountCents}), 0)::bigint`,
    })
    .from(orders)
    .groupBy(orders.provider, orders.status, orders.testMode, orders.currency);
}
