import { sql } from 'drizzle-orm';
import type { ProviderHealth } from '@lumen/core/admin/providers';
import type { Db } from '../../db/database.ts';
import { isCapReached, providerSpendToday, totalOf } from './spend.ts';
import { budgetLedger, TOTAL_SCOPE, utcDayOf } from './budget.ts';
import { rowsOf } from '../../db/result-rows.ts';

type CallRow = {
  provider: string;
  service: string;
  model: string;
  calls: number;
  succeeded: number;
  median_ms: number | null;
  p95_ms: number | null;
  last_failure_at: string | Date | null;
};

const isoOf = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** Each provider's calls over the last `hours` (success rate, median and p95 latency), and today's spend against the budget. */
export async function getProviderHealth(
  db: Db,
  input: { hours: number; capUsd: number | null; providerBudgetsUsd: Record<string, number>; now: Date },
): Promise<Omit<ProviderHealth, 'chains' | 'circuits'>> {
  const since = new Date(input.now.getTime() - input.hours * 3_600_000);
  const [calls, byProvider, ledger] = await Promise.all([
    db.execute(sql`
      select provider, service, model, count(*)::int as calls,
        count(*) filter (where succeeded)::int as succeeded,
        round(percentile_cont(0.5) within group (order by duration_ms))::int as median_ms,
        round(percentile_cont(0.95) within group (order by duration_ms))::int as p95_ms,
        max(created_at) filter (where not succeeded) as last_failure_at
      from provider_calls where created_at >= ${since.toISOString()}
      group by 1, 2, 3 order by 1, 2, 3`),
    providerSpendToday(db, input.now),
    budgetLedger(db, utcDayOf(input.now)),
  ]);
  const reservedMicroUsd = ledger.find((row) => row.scope === TOTAL_SCOPE)?.reservedMicroUsd ?? 0;
  const todayMicroUsd = totalOf(byProvider);
  return {
    since: since.toISOString(),
    providers: rowsOf<CallRow>(calls).map((row) => ({
      provider: row.provider,
      service: row.service,
      model: row.model,
      calls: Number(row.calls),
      succeeded: Number(row.succeeded),
      successRate: Number(row.calls) > 0 ? Number(row.succeeded) / Number(row.calls) : null,
      medianMs: row.median_ms === null ? null : Number(row.median_ms),
      p95Ms: row.p95_ms === null ? null : Number(row.p95_ms),
      lastFailureAt: isoOf(row.last_failure_at),
    })),
    spend: {
      todayMicroUsd,
      reservedMicroUsd,
      byProvider,
      capUsd: input.capUsd,
      capReached: isCapReached(todayMicroUsd, input.capUsd),
      providerBudgetsUsd: input.providerBudgetsUsd,
    },
  };
}
