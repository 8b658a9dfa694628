import { Counter, Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import { serviceKeys } from '@lumen/core/services/catalogue';
import type { Db } from '../../db/database.ts';
import { ledgerTotalsByKind } from '../credits/index.ts';
import { countMemoryRestarts, jobsFinishedRecently, jobsInFlight } from '../jobs/index.ts';
import { isCapReached, providerSpendToday, totalOf } from '../providers/index.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { orderTotalsByStatus } from '../payments/index.ts';

/** Jobs finished within this window feed the duration quantiles. */
export const JOB_DURATION_WINDOW_MINUTES = 5;

/**
 * prom-client collects every metric of a scrape concurrently; two metrics fed by one query share
 * its result through this (one query per scrape, not per metric).
 */
function perScrape<T>(query: () => Promise<T>, ttlMs = 1_000): () => Promise<T> {
  let last: { at: number; result: Promise<T> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > ttlMs) {
      last = { at: Date.now(), result: query() };
      last.result.catch(() => (last = null));
    }
    return last.result;
  };
}

/**
 * Business metrics read from the database at scrape time (collect callbacks), not counted in the
 * code that moves jobs, orders and credits: every API and worker process writes the same tables, so
 * any one API process reports the whole platform, and the money code stays untouched.
 */
export function registerBusinessMetrics(registry: Registry, db: Db): void {
  new Counter({
    name: 'lumen_job_worker_memory_restarts_total',
    help: 'Job worker processes restarted because their RSS passed WORKER_MAX_RSS_MB (every process, from the audit log)',
    registers: [registry],
    async collect() {
      const restarts = await countMemoryRestarts(db);
      this.reset();
      this.inc(restarts);
    },
  });

  new Gauge({
    name: 'lumen_jobs_queue_depth',
    help: 'Jobs waiting (queued) or being run (running), by service',
    labelNames: ['service', 'status'],
    registers: [registry],
    async collect() {
      const rows = await jobsInFlight(db);
      this.reset();
      for (const service of serviceKeys) {
        for (const status of ['queued', 'running', 'at_provider'] as const) {
          const row = rows.find((item) => item.service === service && item.status === status);
          this.set({ service, status }, Number(row?.count ?? 0));
        }
      }
    },
  });

  const recentJobs = perScrape(() => jobsFinishedRecently(db, JOB_DURATION_WINDOW_MINUTES));
  new Gauge({
    name: 'lumen_jobs_finished_recent',
    help: `Jobs that finished in the last ${JOB_DURATION_WINDOW_MINUTES} minutes, by service and outcome`,
    labelNames: ['service', 'outcome'],
    registers: [registry],
    async collect() {
      const rows = await recentJobs();
      this.reset();
      for (const service of serviceKeys) {
        for (const outcome of ['succeeded', 'failed'] as const) {
          const row = rows.find((item) => item.service === service && item.outcome === outcome);
          this.set({ service, outcome }, Number(row?.count ?? 0));
        }
      }
    },
  });
  new Gauge({
    name: 'lumen_job_duration_seconds',
    help: `Run time (start to finish of the last attempt) of jobs finished in the last ${JOB_DURATION_WINDOW_MINUTES} minutes: quantiles 0.5, 0.95 and 1 (max), by service and outcome`,
    labelNames: ['service', 'outcome', 'quantile'],
    registers: [registry],
    async collect() {
      const rows = await recentJobs();
      this.reset();
      for (const row of rows) {
        this.set({ service: row.service, outcome: row.outcome, quantile: '0.5' }, Number(row.p50));
        this.set({ service: row.service, outcome: row.outcome, quantile: '0.95' }, Number(row.p95));
        this.set({ service: row.service, outcome: row.outcome, quantile: '1' }, Number(row.max));
      }
    },
  });

  const orderTotals = perScrape(() => orderTotalsByStatus(db));
  new Gauge({
    name: 'lumen_payment_orders',
    help: 'Orders by payment provider and status; test_mode="true" are the built-in test provider\'s',
    labelNames: ['provider', 'status', 'test_mode'],
    registers: [registry],
    async collect() {
      const rows = await orderTotals();
      this.reset();
      for (const row of rows) this.inc({ provider: row.provider, status: row.status, test_mode: String(row.testMode) }, Number(row.count));
    },
  });
  new Gauge({
    name: 'lumen_payment_orders_amount_cents',
    help: 'Sum of order amounts in cents, by provider, status and currency (test mode included)',
    labelNames: ['provider', 'status', 'currency'],
    registers: [registry],
    async collect() {
      const rows = await orderTotals();
      this.reset();
      for (const row of rows) this.inc({ provider: row.provider, status: row.status, currency: row.currency }, Number(row.cents));
    },
  });

  // The ledger is append-only, so these sums only grow: real counters.
  const ledgerTotals = perScrape(() => ledgerTotalsByKind(db));
  new Counter({
    name: 'lumen_credits_granted_total',
    help: 'Credits added to balances, by ledger kind (signup bonus, purchases, job refunds, admin grants)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const rows = await ledgerTotals();
      this.reset();
      for (const row of rows) if (Number(row.granted) > 0) this.inc({ kind: row.kind }, Number(row.granted));
    },
  });
  new Counter({
    name: 'lumen_credits_spent_total',
    help: 'Credits taken from balances, by ledger kind (job charges, admin deductions, payment refunds)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const rows = await ledgerTotals();
      this.reset();
      for (const row of rows) if (Number(row.spent) > 0) this.inc({ kind: row.kind }, Number(row.spent));
    },
  });

  const spendToday = perScrape(async () => {
    const [byProvider, settings] = await Promise.all([providerSpendToday(db, new Date()), getPlatformSettings(db)]);
    return { byProvider, capUsd: settings.dailyProviderSpendCapUsd };
  });
  new Gauge({
    name: 'lumen_provider_spend_today_usd',
    help: 'What hosted AI providers cost since 00:00 UTC (published prices of finished jobs), by provider',
    labelNames: ['provider'],
    registers: [registry],
    async collect() {
      const { byProvider } = await spendToday();
      this.reset();
      for (const [provider, microUsd] of Object.entries(byProvider)) this.set({ provider }, microUsd / 1_000_000);
    },
  });
  new Gauge({
    name: 'lumen_provider_budget_reached',
    help: "1 while today's provider spend has reached the daily budget (jobs on hosted providers are refused), else 0",
    registers: [registry],
    async collect() {
      const { byProvider, capUsd } = await spendToday();
      this.set(isCapReached(totalOf(byProvider), capUsd) ? 1 : 0);
    },
  });
}
