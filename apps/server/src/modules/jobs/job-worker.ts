import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { serviceKeys } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { Db } from '../../db/database.ts';
import type { Storage } from '../files/index.ts';
import { HandOver, Released } from '@lumen/engines';
import type { EngineRegistry, ProviderRequest, ProviderWebhooks } from '@lumen/engines';
import { claimJob, hasClaimableJob } from './job-claim.ts';
import type { JobEvents } from './job-events.ts';
import { runJob } from './job-run.ts';
import type { RunDeps } from './job-run.ts';
import { touchHeartbeat } from './jobs.repository.ts';
import type { BudgetAlert, JobProviders } from './provider-port.ts';
import { hostedTimeoutsOf, jobTimeoutMs, serviceDefinitions } from './service-catalogue.ts';
import type { JobTimeouts } from './service-catalogue.ts';
import { sweepStuckJobs } from './sweeper.ts';

export type JobWorkerOptions = {
  pollIntervalMs: number;
  heartbeatIntervalMs: number;
  /** At most one progress write per job per this many ms. */
  progressThrottleMs: number;
  /** Runs of a job, counting the first, when its engine reports transient errors. */
  maxAttempts: number;
  /** Wait before the next attempt after a transient error (attempt 1, 2, …). */
  backoffMs(attempt: number): number;
  /** How long stop() waits for running jobs before aborting and re-queueing them. */
  shutdownTimeoutMs: number;
  sweepIntervalMs: number;
  /** A running job whose heartbeat is older than this is taken back by the sweeper. */
  staleAfterMs: number;
  concurrency: Partial<Record<ServiceKey, number>>;
  timeoutMs: Partial<Record<ServiceKey, number>>;
  /** How long a run polls a fresh provider request before leaving it to the webhook (when webhooks are on). */
  webhookHoldMs: number;
  /** A job at its provider whose webhook has not come is looked at again after this long. */
  atProviderRecheckMs: number;
};

export const defaultWorkerOptions: JobWorkerOptions = {
  pollIntervalMs: 500,
  heartbeatIntervalMs: 5_000,
  progressThrottleMs: 500,
  maxAttempts: 3,
  backoffMs: (attempt) => Math.min(60_000, 2_000 * 2 ** (attempt - 1)),
  shutdownTimeoutMs: 8_000,
  sweepIntervalMs: 30_000,
  staleAfterMs: 30_000,
  concurrency: {},
  timeoutMs: {},
  webhookHoldMs: 15_000,
  atProviderRecheckMs: 60_000,
};

export type JobWorker = {
  workerId: string;
  start(): void;
  /** Looks for work now (a job was just submitted in this process). */
  poke(): void;
  /** Stops taking jobs and waits (bounded) for the running ones. */
  stop(): Promise<void>;
  /**
   * Resolves when no job of this worker is running and none is claimable now or within IDLE_HORIZON_MS (a job put
   * back with a short back-off counts as work still to do). For tests.
   */
  idle(): Promise<void>;
};

/** How soon a queued job must be due for idle() to wait for it. */
const IDLE_HORIZON_MS = 1_000;

type Deps = {
  db: Db;
  storage: Storage;
  engines: EngineRegistry;
  events: JobEvents;
  log: FastifyBaseLogger;
  /** The hosted providers' module: budgets, request records and settlements (decision 087). */
  providers: JobProviders;
  options?: Partial<JobWorkerOptions>;
  /** Where providers deliver webhooks (…/webhooks/providers); absent or null: the worker polls to the end. */
  providerWebhooksUrl?: string | null;
  /** The daily provider budget's settings here: what an unpriced run reserves (default $1), and who hears of 80 % and 100 %. */
  providerBudget?: { unpricedReservationUsd?: number; onAlert?(alert: BudgetAlert): Promise<void> };
};

type Running = { service: ServiceKey; promise: Promise<void>; abort: AbortController; release: AbortController };

/**
 * The job worker: claims queued jobs while each service has room (its concurrency), runs each (job-run.ts), keeps
 * their heartbeats, and sweeps jobs whose worker died. stop() hands back what does not finish in time.
 */
export function createJobWorker(deps: Deps): JobWorker {
  const options = { ...defaultWorkerOptions, ...deps.options };
  const { db, log } = deps;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const run = runDepsOf(deps, options, workerId);
  const running = new Map<string, Running>();
  const stopping = new AbortController();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let again = false;

  const concurrencyOf = (service: ServiceKey) => options.concurrency[service] ?? serviceDefinitions[service].concurrency;
  const runningOf = (service: ServiceKey) => [...running.values()].filter((job) => job.service === service).length;
  const allSettled = () => Promise.allSettled([...running.values()].map((job) => job.promise));

  /** Claims and starts jobs until no service has room or nothing is claimable. */
  async function tick(): Promise<void> {
    while (!stopping.signal.aborted) {
      const free = serviceKeys.filter((service) => runningOf(service) < concurrencyOf(service));
      if (free.length === 0) return;
      const job = await claimJob(db, workerId, free);
      if (!job) return;
      deps.events.emit(job.id);
      const abort = new AbortController();
      const release = new AbortController();
      const promise = runJob(run, job, { abort, release }).finally(() => {
        running.delete(job.id);
        schedule(0);
      });
      running.set(job.id, { service: job.service as ServiceKey, promise, abort, release });
    }
  }

  /** One tick at a time: a call during a tick runs another right after it; otherwise the next comes after the poll interval. */
  function schedule(delayMs: number): void {
    if (!started || stopping.signal.aborted) return;
    if (ticking) {
      again = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      ticking = tick()
        .catch((error: unknown) => log.error({ err: error }, 'job worker: claiming failed'))
        .finally(() => {
          ticking = null;
          const next = again ? 0 : options.pollIntervalMs;
          again = false;
          schedule(next);
        });
    }, delayMs);
  }

  /** Keeps this worker's jobs held; a job cancelled (or swept) while it runs has its run stopped. */
  function beat(): void {
    const ids = [...running.keys()];
    void touchHeartbeat(db, ids, workerId)
      .then((held) => {
        // Stopping its run also cancels its provider request. Released: whoever took the job deals with its provider
        // request, so the run does not cancel it again.
        for (const id of ids) if (!held.includes(id)) running.get(id)?.release.abort(new Released('no longer held by this worker'));
      })
      .catch((error: unknown) => log.warn({ err: error }, 'job worker: heartbeat failed'));
  }

  /** Takes back (or fails and refunds) jobs whose worker died or that ran past their deadline. */
  function sweep(): void {
    const cancelRequest = (request: ProviderRequest) => deps.engines.cancelRequest(request);
    void sweepStuckJobs(db, {
      staleAfterMs: options.staleAfterMs,
      timeouts: timeoutsOf(deps, options),
      log,
      cancelRequest,
      providers: deps.providers,
    })
      .then((ids) => ids.forEach((id) => deps.events.emit(id)))
      .catch((error: unknown) => log.warn({ err: error }, 'job sweeper failed'));
  }

  return {
    workerId,
    start() {
      if (started) return;
      started = true;
      heartbeat = setInterval(beat, options.heartbeatIntervalMs);
      sweeper = setInterval(sweep, options.sweepIntervalMs);
      schedule(0);
    },
    poke: () => schedule(0),
    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      clearTimeout(timer);
      clearInterval(sweeper);
      await ticking;
      const waited = await Promise.race([
        allSettled().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), options.shutdownTimeoutMs).unref()),
      ]);
      if (!waited) {
        for (const job of running.values()) job.abort.abort(new HandOver('worker stopping'));
        await allSettled();
      }
      clearInterval(heartbeat);
    },
    async idle() {
      for (;;) {
        await ticking;
        await allSettled();
        await ticking;
        if (running.size === 0) {
          if (stopping.signal.aborted) return;
          if (!(await hasClaimableJob(db, IDLE_HORIZON_MS))) {
            // A tick that began while the database was asked may have claimed a job just before: idle only once it
            // has ended with nothing running.
            await ticking;
            if (running.size === 0) return;
            continue;
          }
          schedule(0);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** The deadlines this worker holds jobs to: hosted ones from the configured providers' models. */
function timeoutsOf(deps: Deps, options: JobWorkerOptions): JobTimeouts {
  return { hostedMs: hostedTimeoutsOf(deps.engines), overrides: options.timeoutMs };
}

/** What each run of this worker shares: its id and options, its budget, and where providers send webhooks. */
function runDepsOf(deps: Deps, options: JobWorkerOptions, workerId: string): RunDeps {
  // A job on a hosted provider has its slowest provider's deadline, a built-in one the engine's (an option overrides both).
  const timeouts = timeoutsOf(deps, options);
  const timeoutOf = (service: ServiceKey, engineKind: string) => jobTimeoutMs(timeouts, service, engineKind);
  const webhooksUrl = deps.providerWebhooksUrl;
  const webhooks: ProviderWebhooks | undefined = webhooksUrl
    ? { urlFor: (provider) => `${webhooksUrl}/${encodeURIComponent(provider)}`, holdMs: options.webhookHoldMs }
    : undefined;
  const budgets = deps.providers.budgets({ db: deps.db, engines: deps.engines, log: deps.log, ...deps.providerBudget });
  return { ...deps, options, workerId, timeoutOf, webhooks, budgets };
}
