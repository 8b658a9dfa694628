import { sql } from 'drizzle-orm';
import { MAX_ANALYTICS_DAYS } from '@lumen/core/admin/analytics';
import type { Analytics, AnalyticsReport } from '@lumen/core/admin/analytics';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { rowsOf } from '../../db/result-rows.ts';
import { creditsPerDay, jobSpendingPerUser } from '../credits/index.ts';
import { jobDaysSql, jobsByService, jobsByServiceAndDay, jobsPerDay } from '../jobs/index.ts';
import { liveCreditSales, liveRevenuePerDay, liveRevenuePerUser, liveSalesByProvider, moneyOfPeriod } from '../payments/index.ts';
import { signupsPerDay, userDirectory } from '../users/index.ts';
import { signInDaysSql } from '../auth/index.ts';

const DAY = 86_400_000;
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
  const period = { from, to: end };
  // Who was active: signed in or submitted a job (auth's and jobs' parts, united in one statement).
  const activeDays = sql`${signInDaysSql(period)} union all ${jobDaysSql(period)}`;
  const [people, spending, revenues] = [userDirectory('u'), jobSpendingPerUser(period, 'sp'), liveRevenuePerUser(period, 'rv')];
  const [signups, active, activeTotal, revenue, providers, credits, jobCounts, services, topUsers, serviceDays, creditPrice, money] =
    await Promise.all([
      signupsPerDay(db, period),
      db.execute(sql`select day, count(distinct user_id)::int as n from (${activeDays}) a group by day`),
      db.execute(sql`select count(distinct user_id)::int as n from (${activeDays}) a`),
      liveRevenuePerDay(db, period),
      liveSalesByProvider(db, period),
      creditsPerDay(db, period),
      jobsPerDay(db, period),
      jobsByService(db, period),
      // The top users by credits spent, then live revenue: users', credits' and payments' parts in one statement.
      db.execute(sql`
      select ${people.id} as id, ${people.email} as email, ${people.firstName} || ' ' || ${people.lastName} as name,
        coalesce(${spending.spent}, 0)::int as spent, coalesce(${spending.jobs}, 0)::int as jobs, coalesce(${revenues.revenue}, 0)::int as revenue
      from ${people}
      left join ${spending} on ${spending.userId} = ${people.id}
      left join ${revenues} on ${revenues.userId} = ${people.id}
      where coalesce(${spending.spent}, 0) > 0 or coalesce(${revenues.revenue}, 0) > 0
      order by spent desc, revenue desc, ${people.email} limit 10`),
      jobsByServiceAndDay(db, period),
      // What a credit brought in: the range's real sales, else every real sale so far.
      liveCreditSales(db, period),
      moneyOfPeriod(db, period),
    ]);

  const byDay = <T extends { day: string | Date }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(dateKey(row.day), [...(map.get(dateKey(row.day)) ?? []), row]);
    return map;
  };
  const signupsByDay = byDay(signups);
  const activeByDay = byDay(rowsOf<{ day: string; n: number }>(active));
  const revenueByDay = byDay(revenue);
  const creditsByDay = byDay(credits);
  const jobsByDay = byDay(jobCounts);

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
  const providerRows = providers.map((row) => ({
    provider: row.provider,
    orders: int(row.orders),
    grossCents: int(row.gross),
    refundedCents: int(row.refunded),
    netCents: int(row.gross) - int(row.refunded),
  }));
  const price = creditPrice;
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
  const serviceRows = services.map((row) => ({
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
  const serviceDayRows = serviceDays.map((row) => ({
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
