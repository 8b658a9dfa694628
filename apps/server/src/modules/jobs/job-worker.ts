import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { serviceKeys } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { providerDisplayNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import type { Db } from '../../db/database.ts';
import type { Storage } from '../files/index.ts';
import { isAppError } from '../../plugins/app-error.ts';
import { AtProvider, BudgetExhausted, EngineInputError, HandOver, Released } from '@lumen/engines';
import type { EngineRegistry, EngineResult, ProviderCall, ProviderRequest, ProviderUsage, ProviderWebhooks } from '@lumen/engines';
import type { JobEvents } from './job-events.ts';
import { loadJobInputs } from './job-inputs.ts';
import { completeJob, failJob, leaveAtProvider, requeueJob } from './job-outcome.ts';
import type { StoredOutput } from './job-outcome.ts';
import { touchHeartbeat, updateProgress } from './jobs.repository.ts';
import { providerRequestStore, recordProviderCall } from './provider-requests.ts';
import { loadPricing, runCostOf } from '../provider-prices/index.ts';
import type { Pricing } from '../provider-prices/index.ts';
import { createProviderBudgets } from './provider-budget.ts';
import type { BudgetAlert } from './provider-budget.ts';
import { serviceDefinitions } from './service-catalogue.ts';
import { sweepStuckJobs } from './sweeper.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { jobs } from './tables.ts';
import type { JobRow } from './tables.ts';

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
  /** Resolves when no job of this worker is running and none is claimable right now (tests). */
  idle(): Promise<void>;
};

type Deps = {
  db: Db;
  storage: Storage;
  engines: EngineRegistry;
  events: JobEvents;
  log: FastifyBaseLogger;
  options?: Partial<JobWorkerOptions>;
  /** Where providers deliver webhooks (…/webhooks/providers); absent or null: the worker polls to the end. */
  providerWebhooksUrl?: string | null;
  /** The daily provider budget's settings here: what an unpriced run reserves (default $1), and who hears of 80 % and 100 %. */
  providerBudget?: { unpricedReservationUsd?: number; onAlert?(alert: BudgetAlert): Promise<void> };
};

class JobTimeoutError extends Error {}
class WorkerStoppingError extends Error {}
/** The job was cancelled, or taken back by the sweeper, while this worker ran it. */
class JobReleasedError extends Error {}

const genericFailure = 'The service could not process this job. Your credits were refunded.';

export function createJobWorker(deps: Deps): JobWorker {
  const options = { ...defaultWorkerOptions, ...deps.options };
  const { db, storage, log } = deps;
  const budgets = createProviderBudgets({
    db,
    log,
    unpricedReservationMicroUsd: Math.round((deps.providerBudget?.unpricedReservationUsd ?? 1) * 1_000_000),
    onAlert: deps.providerBudget?.onAlert,
    async expectedCostMicroUsd(job, provider, model) {
      // The provider's price at the admin's rates for this job's params (the price table's, else the override's).
      return runCostOf(await loadPricing(db), deps.engines, job.service as ServiceKey, { name: provider, model }, job.params);
    },
    async limits() {
      const settings = await getPlatformSettings(db);
      return { totalUsd: settings.dailyProviderSpendCapUsd, byProvider: settings.providerDailyBudgetsUsd };
    },
  });
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const running = new Map<string, { service: ServiceKey; promise: Promise<void>; abort: AbortController; release: AbortController }>();
  const stopping = new AbortController();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let again = false;

  const concurrencyOf = (service: ServiceKey) => options.concurrency[service] ?? serviceDefinitions[service].concurrency;
  // A job on a hosted provider has the provider's deadline, a built-in one the engine's (an option overrides both).
  const timeoutOf = (service: ServiceKey, engineKind: string) =>
    options.timeoutMs[service] ?? serviceDefinitions[service][engineKind === 'remote' ? 'hostedTimeoutMs' : 'timeoutMs'];
  const webhooksUrl = deps.providerWebhooksUrl;
  const webhooks: ProviderWebhooks | undefined = webhooksUrl
    ? { urlFor: (provider) => `${webhooksUrl}/${encodeURIComponent(provider)}`, holdMs: options.webhookHoldMs }
    : undefined;

  async function claim(services: ServiceKey[]): Promise<JobRow | null> {
    const candidate = db
      .select({ id: jobs.id })
      .from(jobs)
      // A job at its provider is claimed once its webhook queued it, or after its re-check time (no webhook came).
      .where(and(inArray(jobs.status, ['queued', 'at_provider']), lte(jobs.runAfter, sql`now()`), inArray(jobs.service, services)))
      .orderBy(asc(jobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        startedAt: sql`now()`,
        heartbeatAt: sql`now()`,
        workerId,
        progress: 0,
        error: null,
      })
      // `= (scalar subquery)` runs the LIMIT 1 once (an InitPlan); `IN (subquery)` may be re-run per
      // row by the planner and claim several jobs, all but one of them then left running with no runner.
      .where(and(eq(jobs.id, sql`(${candidate})`), inArray(jobs.status, ['queued', 'at_provider'])))
      .returning();
    return row ?? null;
  }

  async function tick(): Promise<void> {
    while (!stopping.signal.aborted) {
      const free = serviceKeys.filter(
        (service) => [...running.values()].filter((job) => job.service === service).length < concurrencyOf(service),
      );
      if (free.length === 0) return;
      const job = await claim(free);
      if (!job) return;
      deps.events.emit(job.id);
      const abort = new AbortController();
      const release = new AbortController();
      const promise = runJob(job, abort, release).finally(() => {
        running.delete(job.id);
        schedule(0);
      });
      running.set(job.id, { service: job.service as ServiceKey, promise, abort, release });
    }
  }

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

  async function runJob(job: JobRow, abort: AbortController, release: AbortController): Promise<void> {
    const service = job.service as ServiceKey;
    const timeoutMs = timeoutOf(service, job.engineKind);
    // A timer we hold, not AbortSignal.timeout(): Node keeps that signal only weakly, and under memory
    // pressure it can be collected before it fires, letting a job run past its timeout.
    const timeout = new AbortController();
    const timeoutTimer = setTimeout(() => timeout.abort(), timeoutMs);
    // The run's one signal, aborted by the first of its three causes and unlinked from them when the run ends. Not
    // AbortSignal.any(): Node keeps a combined signal that has an 'abort' listener in a process-wide set until it aborts
    // (nodejs/node#48419, #55328), and a run that ends normally never aborts it. The listener below (and the engines')
    // then held the race's promise, so every finished job's result and its file buffers stayed in memory (issue 40).
    const run = new AbortController();
    const causes = [abort.signal, timeout.signal, release.signal];
    const onCause = (event: Event) => run.abort((event.target as AbortSignal).reason);
    for (const cause of causes) cause.addEventListener('abort', onCause, { once: true });
    const signal = run.signal;
    let fail: (() => void) | undefined;
    // Every line about this job names it (and its service and attempt).
    const jobLog = log.child({ jobId: job.id, service, attempt: job.attempts });
    const startedAt = Date.now();
    let lastProgressWrite = 0;
    const onProgress = (fraction: number) => {
      const now = Date.now();
      if (now - lastProgressWrite < options.progressThrottleMs || !Number.isFinite(fraction)) return;
      lastProgressWrite = now;
      const value = Math.min(0.99, Math.max(0, fraction));
      void updateProgress(db, job.id, workerId, value)
        .then(() => deps.events.emit(job.id))
        .catch((error: unknown) => jobLog.warn({ err: error }, 'job worker: progress write failed'));
    };
    try {
      jobLog.info('job started');
      const files = await loadJobInputs(db, storage, job.files);
      const engine = deps.engines.engineFor(service);
      const aborted = new Promise<never>((_, reject) => {
        fail = () =>
          reject(
            release.signal.aborted
              ? new JobReleasedError('no longer held by this worker')
              : abort.signal.aborted
                ? new WorkerStoppingError('worker stopping')
                : new JobTimeoutError(`timed out after ${timeoutMs} ms`),
          );
        if (signal.aborted) fail();
        signal.addEventListener('abort', fail, { once: true });
      });
      const requests = providerRequestStore(db, job, workerId);
      const providerOrder = (await getPlatformSettings(db)).providerOrder[service];
      const runStartedAt = Date.now();
      const onProviderCall = (call: ProviderCall) =>
        void recordProviderCall(db, job, call).catch((error: unknown) =>
          jobLog.warn({ err: error }, 'job worker: recording a provider call failed'),
        );
      // What each provider reported the run used (Replicate's predict_time, FASHN's credits_used), to price it.
      const usages = new Map<ProviderName, ProviderUsage>();
      const onProviderUsage = (provider: ProviderName, usage: ProviderUsage) => usages.set(provider, usage);
      const result = await Promise.race([
        engine.run(
          { params: job.params, files },
          { signal, onProgress, requests, onProviderCall, onProviderUsage, webhooks, providerOrder, budget: budgets.forJob(job) },
        ),
        aborted,
      ]);
      const outputs = await storeOutputs(job.id, result);
      const providerRun = providerRunOf(
        { pricing: await loadPricing(db), engines: deps.engines, service, usages },
        result.provider ?? engine.provider,
        job.params,
        Date.now() - runStartedAt,
      );
      const isOurs = await completeJob(db, { jobId: job.id, workerId, outputs, summary: result.summary, providerRun });
      if (!isOurs) await deleteStored(outputs);
      jobLog.info({ outputs: outputs.length, durationMs: Date.now() - startedAt }, 'job succeeded');
    } catch (error) {
      await handleFailure(job, error, timeoutMs, jobLog);
    } finally {
      clearTimeout(timeoutTimer);
      for (const cause of causes) cause.removeEventListener('abort', onCause);
      if (fail) signal.removeEventListener('abort', fail);
      deps.events.emit(job.id);
    }
  }

  async function storeOutputs(jobId: string, result: EngineResult): Promise<StoredOutput[]> {
    const outputs: StoredOutput[] = [];
    for (const [position, file] of result.files.entries()) {
      const id = randomUUID();
      const storageKey = `jobs/${jobId}/${id}`;
      await storage.put(storageKey, file.data);
      let previewStorageKey: string | null = null;
      if (file.preview) {
        previewStorageKey = `jobs/${jobId}/${id}-preview`;
        await storage.put(previewStorageKey, file.preview.data);
      }
      outputs.push({
        id,
        kind: file.kind,
        name: file.name,
        contentType: file.contentType,
        size: file.data.length,
        storageKey,
        previewStorageKey,
        previewContentType: file.preview?.contentType ?? null,
        position,
      });
    }
    return outputs;
  }

  async function deleteStored(outputs: StoredOutput[]): Promise<void> {
    for (const output of outputs) {
      await storage.delete(output.storageKey);
      if (output.previewStorageKey) await storage.delete(output.previewStorageKey);
    }
  }

  async function handleFailure(job: JobRow, error: unknown, timeoutMs: number, jobLog: FastifyBaseLogger): Promise<void> {
    if (error instanceof JobReleasedError) {
      jobLog.info('job run stopped: the job was cancelled or taken back');
      return;
    }
    if (error instanceof AtProvider) {
      const left = await leaveAtProvider(db, { jobId: job.id, workerId, recheckAfterMs: options.atProviderRecheckMs });
      jobLog.info(
        { provider: error.request.provider, requestId: error.request.requestId, status: left?.status },
        'job left at the provider',
      );
      return;
    }
    if (error instanceof WorkerStoppingError) {
      // Shutting down: hand the job to the next worker without counting this run.
      await db
        .update(jobs)
        .set({ attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
        .where(and(eq(jobs.id, job.id), eq(jobs.workerId, workerId)));
      await requeueJob(db, { jobId: job.id, workerId, delayMs: 0 });
      jobLog.info('job handed back to the queue (worker stopping)');
      return;
    }
    const isTransient = Boolean((error as { transient?: unknown } | null)?.transient === true);
    if (isTransient && job.attempts < options.maxAttempts) {
      const delayMs = options.backoffMs(job.attempts);
      await requeueJob(db, { jobId: job.id, workerId, delayMs });
      jobLog.warn({ err: error, delayMs }, 'job failed with a transient error; retrying later');
      return;
    }
    const message = userMessage(error, timeoutMs);
    if (message === genericFailure) jobLog.error({ err: error }, 'job failed');
    else jobLog.warn({ reason: message }, 'job failed');
    const pricing = await loadPricing(db);
    const billed = billedFailureOf(error, deps.engines.providersOf(job.service as ServiceKey), (run) =>
      runCostOf(pricing, deps.engines, job.service as ServiceKey, run, job.params),
    );
    await failJob(db, { jobId: job.id, workerId, message, ...(billed ? { billed } : {}) });
  }

  return {
    workerId,
    start() {
      if (started) return;
      started = true;
      heartbeat = setInterval(() => {
        const ids = [...running.keys()];
        void touchHeartbeat(db, ids, workerId)
          .then((held) => {
            // A job cancelled (or swept) while it runs: stop its run, which also cancels its provider request.
            // Released: whoever took the job deals with its provider request, so the run does not cancel it again.
            for (const id of ids) if (!held.includes(id)) running.get(id)?.release.abort(new Released('no longer held by this worker'));
          })
          .catch((error: unknown) => log.warn({ err: error }, 'job worker: heartbeat failed'));
      }, options.heartbeatIntervalMs);
      sweeper = setInterval(() => {
        const cancelRequest = (request: ProviderRequest) => deps.engines.cancelRequest(request);
        void sweepStuckJobs(db, { staleAfterMs: options.staleAfterMs, timeoutMs: options.timeoutMs, log, cancelRequest })
          .then((ids) => ids.forEach((id) => deps.events.emit(id)))
          .catch((error: unknown) => log.warn({ err: error }, 'job sweeper failed'));
      }, options.sweepIntervalMs);
      schedule(0);
    },
    poke: () => schedule(0),
    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      clearTimeout(timer);
      clearInterval(sweeper);
      await ticking;
      const all = () => Promise.allSettled([...running.values()].map((job) => job.promise));
      const waited = await Promise.race([
        all().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), options.shutdownTimeoutMs).unref()),
      ]);
      if (!waited) {
        for (const job of running.values()) job.abort.abort(new HandOver('worker stopping'));
        await all();
      }
      clearInterval(heartbeat);
    },
    async idle() {
      for (;;) {
        await ticking;
        await Promise.allSettled([...running.values()].map((job) => job.promise));
        await ticking;
        if (running.size === 0) {
          const [queued] = await db
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(inArray(jobs.status, ['queued', 'at_provider']), lte(jobs.runAfter, sql`now()`)))
            .limit(1);
          if (!queued || stopping.signal.aborted) return;
          schedule(0);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

function providerRunOf(
  pricing: { pricing: Pricing; engines: EngineRegistry; service: ServiceKey; usages: ReadonlyMap<ProviderName, ProviderUsage> },
  provider: { name: ProviderName; model: string; costMicroUsd?: number; usage?: ProviderUsage } | undefined,
  params: Record<string, unknown>,
  runMs: number,
) {
  if (!provider) return null;
  const usage = provider.usage ?? pricing.usages.get(provider.name);
  return {
    provider: provider.name,
    model: provider.model,
    runMs,
    // The provider's own usage figure when it reported one, at the admin's prices; else the expected price of the run.
    costMicroUsd: runCostOf(pricing.pricing, pricing.engines, pricing.service, { ...provider, ...(usage ? { usage } : {}) }, params),
  };
}

/** The provider (id and model) a billed failure names and its cost, when the error carries what the provider billed or used. */
function billedFailureOf(
  error: unknown,
  configured: { name: ProviderName; model: string }[],
  price: (run: { name: ProviderName; model: string; costMicroUsd?: number | null; usage?: ProviderUsage }) => number | null,
) {
  if (!(error instanceof Error) || error.name !== 'ProviderError') return null;
  const { costMicroUsd, usage, provider: shown } = error as { costMicroUsd?: unknown; usage?: ProviderUsage; provider?: unknown };
  if (typeof costMicroUsd !== 'number' && !usage) return null;
  const chosen = configured.find(({ name }) => providerDisplayNames[name] === shown || name === shown);
  if (!chosen) return null;
  const cost = price({
    name: chosen.name,
    model: chosen.model,
    ...(typeof costMicroUsd === 'number' ? { costMicroUsd } : {}),
    ...(usage ? { usage } : {}),
  });
  return cost === null ? null : { provider: chosen.name, model: chosen.model, costMicroUsd: cost };
}

function userMessage(error: unknown, timeoutMs: number): string {
  if (error instanceof JobTimeoutError) {
    return `The job took longer than ${Math.round(timeoutMs / 1000)} seconds and was stopped. Your credits were refunded.`;
  }
  if (error instanceof EngineInputError || error instanceof BudgetExhausted || isAppError(error)) return error.message;
  if (error instanceof Error && error.name === 'ProviderError') return error.message;
  return genericFailure;
}
