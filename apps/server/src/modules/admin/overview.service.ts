import { BUDGET_WARNING_SHARE, overviewRangeDays } from '@lumen/core/admin/overview';
import type { AttentionItem, Overview, OverviewRange } from '@lumen/core/admin/overview';
import { providerDisplayNames } from '@lumen/core/services/providers';
import type { Db } from '../../db/database.ts';
import { failedWebhookDeliveries } from '../api-keys/index.ts';
import { creditFlowOfPeriod } from '../credits/index.ts';
import { findOverdueJobs, findWaitingJobs, jobActivityByService } from '../jobs/index.ts';
import type { JobTimeouts } from '../jobs/index.ts';
import { findFailingProviders, isCapReached, providerSpendToday, totalOf } from '../providers/index.ts';
import { liveRevenuePerCredit, moneyOfPeriod } from '../payments/index.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { countSignups } from '../users/index.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MICRO_USD_PER_CENT = 10_000;
/** Provider calls judged for "failing": the last hour. */
const PROVIDER_WINDOW_MS = HOUR;
/** Given-up job webhooks: the last day. */
const WEBHOOK_WINDOW_MS = DAY;
/** A due queued job no worker took for this long means the queue is not moving. */
export const QUEUE_WAIT_MS = 5 * 60_000;

/** Which parts of the running product decide the attention items that are not in the database. */
export type OverviewEnvironment = {
  production: boolean;
  /** The payment providers running on the built-in test-mode sandbox ('card', 'crypto'). */
  sandboxes: string[];
  /** The deadlines the worker holds jobs to (hosted ones from the configured models), for the overdue count. */
  jobTimeouts?: JobTimeouts;
};

/** Cents kept to hundredths (a credit may be worth a fraction of a cent). */
const cents = (value: number) => Math.round(value * 100) / 100;
const usd = (microUsd: number) => `$${(microUsd / 1_000_000).toFixed(2)}`;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const providerName = (provider: string) => (providerDisplayNames as Record<string, string>)[provider] ?? provider;

export function periodOf(range: OverviewRange, now: Date): { from: Date; to: Date } {
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return { from: new Date(today - (overviewRangeDays[range] - 1) * DAY), to: now };
}

/**
 * The operator's home: the range's live revenue (test money apart), sign-ups, paying users, jobs and
 * their failure rate, hosted provider spend and margin per service, credits sold and spent; and what
 * needs attention now. Every figure comes from its module's read functions.
 */
export async function getOverview(db: Db, input: { range: OverviewRange; now: Date; environment: OverviewEnvironment }): Promise<Overview> {
  const { range, now } = input;
  const period = periodOf(range, now);
  const [money, signups, services, credits, revenuePerCredit, attention] = await Promise.all([
    moneyOfPeriod(db, period),
    countSignups(db, period),
    jobActivityByService(db, period),
    creditFlowOfPeriod(db, period),
    liveRevenuePerCredit(db, period),
    attentionItems(db, now, input.environment),
  ]);
  const succeeded = services.reduce((sum, row) => sum + row.succeeded, 0);
  const failed = services.reduce((sum, row) => sum + row.failed, 0);
  return {
    range,
    from: period.from.toISOString(),
    asOf: now.toISOString(),
    revenue: { live: money.live, test: money.test },
    signups,
    payingUsers: money.payingUsers,
    jobs: {
      total: services.reduce((sum, row) => sum + row.jobs, 0),
      succeeded,
      failed,
      failureRate: succeeded + failed > 0 ? failed / (succeeded + failed) : null,
    },
    credits,
    providerSpendMicroUsd: services.reduce((sum, row) => sum + row.providerCostMicroUsd, 0),
    revenuePerCreditCents: revenuePerCredit === null ? null : cents(revenuePerCredit),
    services: services.map((row) => {
      const revenueCents = revenuePerCredit === null ? null : cents(row.creditsSpent * revenuePerCredit);
      return {
        service: row.service,
        jobs: row.jobs,
        failed: row.failed,
        creditsSpent: row.creditsSpent,
        providerCostMicroUsd: row.providerCostMicroUsd,
        revenueCents,
        marginCents: revenueCents === null ? null : cents(revenueCents - row.providerCostMicroUsd / MICRO_USD_PER_CENT),
      };
    }),
    attention,
  };
}

/** What needs the operator now, the most pressing first; each item names its figures and the page to act on. */
async function attentionItems(db: Db, now: Date, environment: OverviewEnvironment): Promise<AttentionItem[]> {
  const [settings, spentToday, failing, overdue, waiting, webhooks] = await Promise.all([
    getPlatformSettings(db),
    providerSpendToday(db, now),
    findFailingProviders(db, new Date(now.getTime() - PROVIDER_WINDOW_MS)),
    findOverdueJobs(db, now, environment.jobTimeouts),
    findWaitingJobs(db, now, QUEUE_WAIT_MS),
    failedWebhookDeliveries(db, new Date(now.getTime() - WEBHOOK_WINDOW_MS)),
  ]);
  const items: AttentionItem[] = [];
  if (environment.production && environment.sandboxes.length > 0) {
    items.push({
      kind: 'test_mode_in_production',
      severity: 'critical',
      message: `Payments run in test mode in production (${environment.sandboxes.join(' and ')}): purchases grant credits but no money moves.`,
      href: '/admin/payments',
    });
  }
  const capUsd = settings.dailyProviderSpendCapUsd;
  const spent = totalOf(spentToday);
  if (capUsd !== null && isCapReached(spent, capUsd)) {
    items.push({
      kind: 'provider_budget_reached',
      severity: 'critical',
      message: `Today’s hosted AI budget is used up (${usd(spent)} of ${usd(capUsd * 1_000_000)}): hosted services refuse new jobs until 00:00 UTC.`,
      href: '/admin/providers',
    });
  } else if (capUsd !== null && spent >= BUDGET_WARNING_SHARE * capUsd * 1_000_000) {
    items.push({
      kind: 'provider_budget_near',
      severity: 'warning',
      message: `${Math.floor((spent / (capUsd * 1_000_000)) * 100)}% of today’s hosted AI budget is spent (${usd(spent)} of ${usd(capUsd * 1_000_000)}).`,
      href: '/admin/providers',
    });
  }
  for (const provider of failing) {
    items.push({
      kind: 'provider_failing',
      severity: provider.failed === provider.calls ? 'critical' : 'warning',
      message: `${providerName(provider.provider)} failed ${provider.failed} of ${plural(provider.calls, 'call')} in the last hour.`,
      href: '/admin/providers',
    });
  }
  if (overdue.count > 0) {
    items.push({
      kind: 'jobs_overdue',
      severity: 'warning',
      message: `${plural(overdue.count, 'job')} ran past ${overdue.count === 1 ? 'its' : 'their'} deadline and ${overdue.count === 1 ? 'was' : 'were'} not stopped.`,
      href: overdue.count === 1 ? `/admin/jobs/${overdue.oldestJobId}` : '/admin/jobs?status=running',
    });
  }
  if (waiting.count > 0) {
    items.push({
      kind: 'jobs_waiting',
      severity: 'warning',
      message: `${plural(waiting.count, 'job')} waited in the queue for over ${QUEUE_WAIT_MS / 60_000} minutes: is a worker running?`,
      href: '/admin/jobs?status=queued',
    });
  }
  if (webhooks.count > 0) {
    items.push({
      kind: 'webhooks_failing',
      severity: 'warning',
      message: `${plural(webhooks.count, 'job webhook')} failed every attempt in the last 24 hours (the endpoints of ${plural(webhooks.accounts, 'account')}).`,
      href: webhooks.accounts === 1 ? `/admin/users/${webhooks.latestUserId}` : '/admin/users',
    });
  }
  return items;
}
