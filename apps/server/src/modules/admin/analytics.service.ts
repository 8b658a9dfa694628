import { sql } from 'drizzle-orm';
import { MAX_ANALYTICS_DAYS } from '@lumen/core/admin/analytics';
import type { Analytics, AnalyticsReport } from '@lumen/core/admin/analytics';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { rowsOf } from '../../db/result-rows.ts';
import { liveMoney, moneyOfPeriod } from '../payments/index.ts';

const DAY = 86_400_000;
/** Orders whose money arrived (refunds are subtracted from them, not hidden by their status). */
/** Real sales: the payments module's one money rule, live money only (test-mode orders moved none). */
const REAL_SALE = liveMoney;
const MICRO_USD_PER_CENT = 10_000;

const dateKey = (value: string | Date) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);
const int = (value: unknown) => Number(value ?? 0);
/** Cents kept to hundredths (a credit may be worth a fraction of a cent). */
const cents = (value: number) => Math.round(value * 100) / 100;
const rate = (succeeded: number, failed: number) => (succeeded + failed > 0 ? succeeded / (succeeded + failed) : null);

function rangeOf(query: { from?: string; to?: string }, now: Date): { from: Date; end: Date } {
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const to = query.to ? new Date(`${query.to}T00:00:00Z`) : today;
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : new Date(to.getTime() - 29 * DAY);
  const issue = (message: string) => new AppError('VALIDATION_ERROR', 400, message, { details: [{ field: 'from', message }] });
  if (from > to) throw issue('from must not be after to');
  if ((to.getTime() - from.getTime()) / DAY + 1 > MAX_ANALYTICS_DAYS) throw issue(`The range can be at most ${MAX_ANALYTICS_DAYS} days`);
  return { from, end: new Date(to.getTime() + DAY) };
}

/**
 * Sign-ups, active users, revenue per provider (net of refunds, real sales only), credits sold and spent,
 * jobs, provider cost and margin per service, and top users over whole UTC days.
 */
export async function getAnalytics(db: Db, query: { from?: string; to?: string }, now: Date): Promise<Analytics> {
  const { from, end } = rangeOf(query, now);
  const f = from.toISOString();
  const e = end.toISOString();
  const [signups, active, activeTotal, revenue, providers, credits, jobsPerDay, services, topUsers, serviceDays, creditPrice, money] =
    await Promise.all([
      db.execute(
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n from users where created_at >= ${f} and created_at < ${e} group by 1`,
      ),
      db.execute(sql`
      select day, count(distinct user_id)::int as n from (
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, user_id from security_events where type = 'sign_in' and user_id is not null and created_at >= ${f} and created_at < ${e}
        union all
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), user_id from jobs where created_at >= ${f} and created_at < ${e}
      ) a group by day`),
      db.execute(sql`
      select count(distinct user_id)::int as n from (
        select user_id from security_events where type = 'sign_in' and user_id is not null and created_at >= ${f} and created_at < ${e}
        union all
        select user_id from jobs where created_at >= ${f} and created_at < ${e}
      ) a`),
      db.execute(sql`
      select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as day, provider, sum(amount_cents - refunded_cents)::int as net
      from orders where ${REAL_SALE} and paid_at >= ${f} and paid_at < ${e} group by 1, 2`),
      db.execute(sql`
      select provider, count(*)::int as orders, sum(amount_cents)::int as gross, sum(refunded_cents)::int as refunded
      from orders where ${REAL_SALE} and paid_at >= ${f} and paid_at < ${e} group by 1 order by 1`),
      db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
        coalesce(sum(amount) filter (where kind in ('purchase', 'subscription_grant')), 0)::int as sold,
        coalesce(-sum(amount) filter (where kind in ('job_charge', 'job_refund')), 0)::int as spent
      from credit_ledger where created_at >= ${f} and created_at < ${e} group by 1`),
      db.execute(
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n from jobs where created_at >= ${f} and created_at < ${e} group by 1`,
      ),
      db.execute(sql`
      select service, count(*)::int as jobs,
        count(*) filter (where status = 'succeeded')::int as succeeded,
        count(*) filter (where status = 'failed')::int as failed,
        round(avg(extract(epoch from (finished_at - started_at)) * 1000) filter (where status = 'succeeded' and started_at is not null and finished_at is not null))::int as avg_ms,
        coalesce(sum(cost) filter (where refunded_at is null), 0)::int as spent,
        coalesce(sum(provider_cost_micro_usd), 0)::bigint as provider_cost
      from jobs where created_at >= ${f} and created_at < ${e} group by 1 order by 2 desc, 1`),
      db.execute(sql`
      select u.id, u.email, u.first_name || ' ' || u.last_name as name,
        coalesce(sp.spent, 0)::int as spent, coalesce(sp.jobs, 0)::int as jobs, coalesce(rv.revenue, 0)::int as revenue
      from users u
      left join (
        select user_id, -sum(amount) as spent, count(*) filter (where kind = 'job_charge') as jobs
        from credit_ledger where kind in ('job_charge', 'job_refund') and created_at >= ${f} and created_at < ${e} group by 1
      ) sp on sp.user_id = u.id
      left join (
        select user_id, sum(amount_cents - refunded_cents) as revenue from orders
        where ${REAL_SALE} and paid_at >= ${f} and paid_at < ${e} group by 1
      ) rv on rv.user_id = u.id
      where coalesce(sp.spent, 0) > 0 or coalesce(rv.revenue, 0) > 0
      order by spent desc, revenue desc, u.email limit 10`),
      db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, service, count(*)::int as jobs,
        coalesce(sum(cost) filter (where refunded_at is null), 0)::int as spent,
        coalesce(sum(provider_cost_micro_usd), 0)::bigint as provider_cost
      from jobs where created_at >= ${f} and created_at < ${e} group by 1, 2 order by 1, 2`),
      // What a credit brought in: the range's real sales, else every real sale so far.
      db.execute(sql`
      select
        sum(amount_cents - refunded_cents) filter (where paid_at >= ${f} and paid_at < ${e}) as range_net,
        sum(credits) filter (where paid_at >= ${f} and paid_at < ${e}) as range_credits,
        sum(amount_cents - refunded_cents) as all_net, sum(credits) as all_credits
      from orders where ${REAL_SALE} and credits > 0`),
      moneyOfPeriod(db, { from, to: end }),
    ]);

  const byDay = <T extends { day: string | Date }>(result: unknown) => {
    const map = new Map<string, T[]>();
    for (const row of rowsOf<T>(result)) map.set(dateKey(row.day), [...(map.get(dateKey(row.day)) ?? []), row]);
    return map;
  };
  const signupsByDay = byDay<{ day: string; n: number }>(signups);
  const activeByDay = byDay<{ day: string; n: number }>(active);
  const revenueByDay = byDay<{ day: string; provider: string; net: number }>(revenue);
  const creditsByDay = byDay<{ day: string; sold: number; spent: number }>(credits);
  const jobsByDay = byDay<{ day: string; n: number }>(jobsPerDay);

  const days: Analytics['days'] = [];
  for (let day = from.getTime(); day < end.getTime(); day += DAY) {
    const key = new Date(day).toISOString().slice(0, 10);
    const creditRow = creditsByDay.get(key)?.[0];
    days.push({
      date: key,
      signups: int(signupsByDay.get(key)?.[0]?.n),
      activeUsers: int(activeByDay.get(key)?.[0]?.n),
      revenueCents: Object.fromEntries((revenueByDay.get(key) ?? []).map((row) => [row.provider, int(row.net)])),
      creditsSold: int(creditRow?.sold),
      creditsSpent: int(creditRow?.spent),
      jobs: int(jobsByDay.get(key)?.[0]?.n),
    });
  }
  const providerRows = rowsOf<{ provider: string; orders: number; gross: number; refunded: number }>(providers).map((row) => ({
    provider: row.provider,
    orders: int(row.orders),
    grossCents: int(row.gross),
    refundedCents: int(row.refunded),
    netCents: int(row.gross) - int(row.refunded),
  }));
  const price = rowsOf<{ range_net: unknown; range_credits: unknown; all_net: unknown; all_credits: unknown }>(creditPrice)[0];
  const revenuePerCreditCents =
    int(price?.range_credits) > 0
      ? int(price?.range_net) / int(price?.range_credits)
      : int(price?.all_credits) > 0
        ? int(price?.all_net) / int(price?.all_credits)
        : null;
  const revenueOf = (credits: number) => (revenuePerCreditCents === null ? null : cents(credits * revenuePerCreditCents));
  const marginOf = (credits: number, providerCostMicroUsd: number) => {
    const revenueCents = revenueOf(credits);
    return revenueCents === null ? null : cents(revenueCents - providerCostMicroUsd / MICRO_USD_PER_CENT);
  };
  const serviceRows = rowsOf<{
    service: string;
    jobs: number;
    succeeded: number;
    failed: number;
    avg_ms: number | null;
    spent: number;
    provider_cost: unknown;
  }>(services).map((row) => ({
    service: row.service,
    jobs: int(row.jobs),
    succeeded: int(row.succeeded),
    failed: int(row.failed),
    successRate: rate(int(row.succeeded), int(row.failed)),
    averageDurationMs: row.avg_ms === null ? null : int(row.avg_ms),
    creditsSpent: int(row.spent),
    providerCostMicroUsd: int(row.provider_cost),
    marginCents: marginOf(int(row.spent), int(row.provider_cost)),
  }));
  const serviceDayRows = rowsOf<{ day: string | Date; service: string; jobs: number; spent: number; provider_cost: unknown }>(
    serviceDays,
  ).map((row) => ({
    date: dateKey(row.day),
    service: row.service,
    jobs: int(row.jobs),
    creditsSpent: int(row.spent),
    providerCostMicroUsd: int(row.provider_cost),
    revenueCents: revenueOf(int(row.spent)),
    marginCents: marginOf(int(row.spent), int(row.provider_cost)),
  }));
  const succeeded = serviceRows.reduce((sum, row) => sum + row.succeeded, 0);
  const failed = serviceRows.reduce((sum, row) => sum + row.failed, 0);
  const gross = providerRows.reduce((sum, row) => sum + row.grossCents, 0);
  const refunded = providerRows.reduce((sum, row) => sum + row.refundedCents, 0);
  return {
    from: from.toISOString().slice(0, 10),
    to: new Date(end.getTime() - DAY).toISOString().slice(0, 10),
    totals: {
      signups: days.reduce((sum, day) => sum + day.signups, 0),
      activeUsers: int(rowsOf<{ n: number }>(activeTotal)[0]?.n),
      grossRevenueCents: gross,
      refundedCents: refunded,
      netRevenueCents: gross - refunded,
      testMoney: money.test,
      creditsSold: days.reduce((sum, day) => sum + day.creditsSold, 0),
      creditsSpent: days.reduce((sum, day) => sum + day.creditsSpent, 0),
      jobs: days.reduce((sum, day) => sum + day.jobs, 0),
      successRate: rate(succeeded, failed),
      providerCostMicroUsd: serviceRows.reduce((sum, row) => sum + row.providerCostMicroUsd, 0),
      revenuePerCreditCents: revenuePerCreditCents === null ? null : cents(revenuePerCreditCents),
    },
    days,
    providers: providerRows,
    services: serviceRows,
    serviceDays: serviceDayRows,
    topUsers: rowsOf<{ id: string; email: string; name: string; spent: number; jobs: number; revenue: number }>(topUsers).map((row) => ({
      userId: row.id,
      email: row.email,
      name: row.name,
      creditsSpent: int(row.spent),
      jobs: int(row.jobs),
      revenueCents: int(row.revenue),
    })),
  };
}

/** One CSV cell: quoted when needed; a leading =, +, - or @ is neutralised so spreadsheets never run it as a formula. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const csv = (rows: unknown[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
const dollars = (cents: number) => (cents / 100).toFixed(2);

export function analyticsCsv(data: Analytics, report: AnalyticsReport): string {
  if (report === 'services') {
    return csv([
      ['service', 'jobs', 'succeeded', 'failed', 'success_rate', 'average_duration_ms', 'credits_spent', 'provider_cost_usd', 'margin_usd'],
      ...data.services.map((row) => [
        row.service,
        row.jobs,
        row.succeeded,
        row.failed,
        row.successRate === null ? '' : row.successRate.toFixed(4),
        row.averageDurationMs ?? '',
        row.creditsSpent,
        (row.providerCostMicroUsd / 1_000_000).toFixed(4),
        row.marginCents === null ? '' : (row.marginCents / 100).toFixed(4),
      ]),
    ]);
  }
  if (report === 'providers') {
    return csv([
      ['provider', 'money', 'orders', 'gross_usd', 'refunded_usd', 'net_usd'],
      ...data.providers.map((row) => [
        row.provider,
        'live',
        row.orders,
        dollars(row.grossCents),
        dollars(row.refundedCents),
        dollars(row.netCents),
      ]),
      // Test-mode payments on a line of their own: no money moved, never part of the revenue above.
      ...(data.totals.testMoney.count > 0
        ? [
            [
              'all',
              'test',
              data.totals.testMoney.count,
              dollars(data.totals.testMoney.paidCents),
              dollars(data.totals.testMoney.refundedCents),
              dollars(data.totals.testMoney.netCents),
            ],
          ]
        : []),
    ]);
  }
  if (report === 'top-users') {
    return csv([
      ['user_id', 'email', 'name', 'credits_spent', 'jobs', 'revenue_usd'],
      ...data.topUsers.map((row) => [row.userId, row.email, row.name, row.creditsSpent, row.jobs, dollars(row.revenueCents)]),
    ]);
  }
  const providers = [...new Set(data.days.flatMap((day) => Object.keys(day.revenueCents)))].sort();
  return csv([
    ['date', 'signups', 'active_users', ...providers.map((provider) => `revenue_${provider}_usd`), 'credits_sold', 'credits_spent', 'jobs'],
    ...data.days.map((day) => [
      day.date,
      day.signups,
      day.activeUsers,
      ...providers.map((provider) => dollars(day.revenueCents[provider] ?? 0)),
      day.creditsSold,
      day.creditsSpent,
      day.jobs,
    ]),
  ]);
}
