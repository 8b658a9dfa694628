import type { FastifyBaseLogger } from 'fastify';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { ProviderName } from '@lumen/core/services/providers';
import type { EngineRegistry, EngineResult, ProviderBudget, ProviderCall, ProviderUsage, ProviderWebhooks } from '@lumen/engines';
import type { Db } from '../../db/database.ts';
import type { Storage } from '../files/index.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { loadPricing } from '../provider-prices/index.ts';
import type { JobEvents } from './job-events.ts';
import { settleUnfinishedRun } from './job-failure.ts';
import { loadJobInputs } from './job-inputs.ts';
import { completeJob } from './job-outcome.ts';
import { deleteStoredOutputs, storeOutputs } from './job-output-files.ts';
import { requestStoreOf } from './job-provider-request.ts';
import { providerRunOf } from './job-run-cost.ts';
import { runSignal } from './job-run-signal.ts';
import type { RunControls } from './job-run-signal.ts';
import { updateProgress } from './jobs.repository.ts';
import type { JobProviders } from './provider-port.ts';
import type { JobRow } from './tables.ts';

/** What running one job needs: the worker's own parts (its id, options, budget) and the process's. */
export type RunDeps = {
  db: Db;
  storage: Storage;
  engines: EngineRegistry;
  events: JobEvents;
  log: FastifyBaseLogger;
  workerId: string;
  options: {
    progressThrottleMs: number;
    maxAttempts: number;
    backoffMs(attempt: number): number;
    atProviderRecheckMs: number;
  };
  /** The job's deadline on its engine. */
  timeoutOf(service: ServiceKey, engineKind: string): number;
  providers: Pick<JobProviders, 'requestRecords' | 'recordCall' | 'settleFinishedJob' | 'settleFailedJob'>;
  budgets: { forJob(job: JobRow): ProviderBudget };
  webhooks: ProviderWebhooks | undefined;
};

/**
 * Runs a claimed job to its end: its engine runs (or resumes its provider request) under the run's signal, then the
 * result is stored and the job completed, or the run's failure settled (settleUnfinishedRun). Never throws.
 */
export async function runJob(deps: RunDeps, job: JobRow, controls: RunControls): Promise<void> {
  const timeoutMs = deps.timeoutOf(job.service as ServiceKey, job.engineKind);
  const stop = runSignal(controls, timeoutMs);
  // Every line about this job names it (and its service and attempt).
  const jobLog = deps.log.child({ jobId: job.id, service: job.service, attempt: job.attempts });
  const startedAt = Date.now();
  try {
    jobLog.info('job started');
    const run = await runEngine(deps, job, stop, jobLog);
    await finishRun(deps, job, run);
    jobLog.info({ outputs: run.result.files.length, durationMs: Date.now() - startedAt }, 'job succeeded');
  } catch (error) {
    await settleUnfinishedRun(deps, job, error, timeoutMs, jobLog);
  } finally {
    stop.dispose();
    deps.events.emit(job.id);
  }
}

/** A finished engine run: its result, what its providers reported using, its time, and the engine's own provider. */
type EngineRun = {
  result: EngineResult;
  usages: Map<ProviderName, ProviderUsage>;
  runMs: number;
  engineProvider: EngineResult['provider'];
};

/** The engine's run of the job, raced against the run's stop (a deadline, a release, the worker stopping). */
async function runEngine(deps: RunDeps, job: JobRow, stop: ReturnType<typeof runSignal>, jobLog: FastifyBaseLogger): Promise<EngineRun> {
  const service = job.service as ServiceKey;
  const files = await loadJobInputs(deps.db, deps.storage, job.files);
  const engine = deps.engines.engineFor(service);
  const stopped = stop.stopped();
  const requests = requestStoreOf(deps.db, job, deps.workerId, deps.providers.requestRecords(deps.db, job.id));
  const providerOrder = (await getPlatformSettings(deps.db)).providerOrder[service];
  const runStartedAt = Date.now();
  const onProviderCall = (call: ProviderCall) =>
    void deps.providers
      .recordCall(deps.db, job, call)
      .catch((error: unknown) => jobLog.warn({ err: error }, 'job worker: recording a provider call failed'));
  // What each provider reported the run used (Replicate's predict_time, FASHN's credits_used), to price it.
  const usages = new Map<ProviderName, ProviderUsage>();
  const onProviderUsage = (provider: ProviderName, usage: ProviderUsage) => usages.set(provider, usage);
  const context = {
    signal: stop.signal,
    onProgress: progressWriter(deps, job, jobLog),
    requests,
    onProviderCall,
    onProviderUsage,
    webhooks: deps.webhooks,
    providerOrder,
    budget: deps.budgets.forJob(job),
  };
  const result = await Promise.race([engine.run({ params: job.params, files }, context), stopped]);
  return { result, usages, runMs: Date.now() - runStartedAt, engineProvider: engine.provider };
}

/** Stores the result and completes the job (with its provider's cost); files of a job no longer ours are deleted. */
async function finishRun(deps: RunDeps, job: JobRow, run: EngineRun): Promise<void> {
  const service = job.service as ServiceKey;
  const outputs = await storeOutputs(deps.storage, job.id, run.result);
  const providerRun = providerRunOf(
    { pricing: await loadPricing(deps.db), engines: deps.engines, service, usages: run.usages },
    run.result.provider ?? run.engineProvider,
    job.params,
    run.runMs,
  );
  const completed = { jobId: job.id, workerId: deps.workerId, outputs, summary: run.result.summary, providerRun };
  const isOurs = await completeJob(deps.db, completed, deps.providers);
  if (!isOurs) await deleteStoredOutputs(deps.storage, outputs);
}

/** The engine's progress, written at most once per `progressThrottleMs` and kept below 1 until the job completes. */
function progressWriter(deps: RunDeps, job: JobRow, jobLog: FastifyBaseLogger) {
  let lastProgressWrite = 0;
  return (fraction: number) => {
    const now = Date.now();
    if (now - lastProgressWrite < deps.options.progressThrottleMs || !Number.isFinite(fraction)) return;
    lastProgressWrite = now;
    const value = Math.min(0.99, Math.max(0, fraction));
    void updateProgress(deps.db, job.id, deps.workerId, value)
      .then(() => deps.events.emit(job.id))
      .catch((error: unknown) => jobLog.warn({ err: error }, 'job worker: progress write failed'));
  };
}
