import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { receiptStatuses } from '@lumen/core/payments/billing';
import type { MoneyTotals } from '@lumen/core/payments/billing';
import { orders } from './tables.ts';

/**
 * The one rule for money in the admin (Payments, Analytics, a user's page, the CSV): an order counts
 * when it took money (paid, or paid and then refunded in part or whole, or disputed), at its amount
 * less what was refunded. Pending, failed and expired orders never count. Live money (a real
 * provider account) and test-mode money (the sandbox: none moved) are summed apart, never together.
 */
export const tookMoney: SQL = sql`${orders.status} in (${sql.join(
  receiptStatuses.map((status) => sql`${status}`),
  sql`, `,
)})`;
export const liveMoney: SQL = sql`(${tookMoney} and not ${orders.testMode})`;
export const testMoney: SQL = sql`(${tookMoney} and ${orders.testMode})`;

/** Select columns summing the selected orders that match `which` (liveMoney or testMoney). */
export function moneyColumns(which: SQL) {
  return {
    paidCents: sql<number>`coalesce(sum(${orders.amountCents}) filter (where ${which}), 0)`.mapWith(Number),
    refundedCents: sql<number>`coalesce(sum(${orders.refundedCents}) filter (where ${which}), 0)`.mapWith(Number),
    count: sql<number>`count(*) filter (where ${which})`.mapWith(Number),
  };
}

export function toMoneyTotals(row: { paidCents: number; refundedCents: number; count: number } | undefined): MoneyTotals {
  const paidCents = row?.paidCents ?? 0;
  const refundedCents = row?.refundedCents ?? 0;
  return { paidCents, refundedCents, netCents: paidCents - refundedCents, count: row?.count ?? 0 };
}
