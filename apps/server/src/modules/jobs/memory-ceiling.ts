import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { countAuditEntries, insertSystemAuditEntry } from '../audit/index.ts';
import type { JobWorker } from './job-worker.ts';

/** The audit log's action for a worker restarted over WORKER_MAX_RSS_MB; the metrics count these. */
export const MEMORY_RESTART_ACTION = 'job_worker.memory_restart';

/** What the supervisor (scripts/lib.mjs) and the process it runs say to each other over the IPC channel. */
export const supervisorMessages = { ready: 'lumen:ready', replaceMe: 'lumen:replace-me' } as const;

/**
 * Asks for a replacement: under the supervisor of `npm start` / `npm run worker` (WORKER_MAX_RSS_MB set), a message
 * on the IPC channel; it starts a new process and, once that one is ready, stops this one with SIGTERM (a graceful
 * stop). A process started some other way, with no channel, stops itself the same way and counts on its service
 * manager (Docker's restart policy, systemd) to start it again.
 */
export function requestReplacement(): void {
  if (process.send) process.send({ type: supervisorMessages.replaceMe });
  else process.kill(process.pid, 'SIGTERM');
}

/** Tells the supervisor, when there is one, that this process serves (HTTP listening, or the worker claiming). */
export function announceReady(): void {
  process.send?.({ type: supervisorMessages.ready });
}

export type MemoryCeilingOptions = {
  db: Db;
  worker: JobWorker;
  log: FastifyBaseLogger;
  /** WORKER_MAX_RSS_MB. */
  maxRssMb: number;
  /** How often RSS is read. */
  intervalMs?: number;
  /** This process's resident memory in bytes (tests give their own). */
  rssBytes?: () => number;
  /** After the worker has stopped and finished or handed over its jobs. */
  requestRestart?: () => void;
};

/**
 * WORKER_MAX_RSS_MB, the safety net of issue 40: once this process's RSS passes the ceiling, its job worker stops
 * taking jobs and finishes (or, after its shutdown wait, hands back) the ones it runs; the restart is logged and
 * written to the audit log (lumen_job_worker_memory_restarts_total counts those), then a replacement is asked for.
 * HTTP, in an `npm start` process, keeps serving until the supervisor stops this process (decision 067).
 */
export function watchMemoryCeiling(options: MemoryCeilingOptions): { stop(): void; tripped(): Promise<void> | null } {
  const rssBytes = options.rssBytes ?? (() => process.memoryUsage.rss());
  const limit = options.maxRssMb * 1024 * 1024;
  let restarting: Promise<void> | null = null;
  const timer = setInterval(() => {
    const rss = rssBytes();
    if (restarting || rss <= limit) return;
    clearInterval(timer);
    restarting = restart(Math.round(rss / 1024 / 1024));
  }, options.intervalMs ?? 5_000);
  timer.unref();

  async function restart(rssMb: number): Promise<void> {
    const { db, worker, log, maxRssMb } = options;
    log.warn(
      { workerId: worker.workerId, rssMb, maxRssMb },
      'job worker over WORKER_MAX_RSS_MB: it stops taking jobs, finishes the running ones and restarts',
    );
    await insertSystemAuditEntry(db, {
      action: MEMORY_RESTART_ACTION,
      targetType: 'job_worker',
      targetId: worker.workerId,
      after: { rssMb, maxRssMb, pid: process.pid },
    }).catch((error: unknown) => log.warn({ err: error }, 'recording the memory restart failed'));
    await worker.stop();
    log.info({ workerId: worker.workerId }, 'job worker stopped for its memory ceiling; asking for a replacement');
    (options.requestRestart ?? requestReplacement)();
  }

  return { stop: () => clearInterval(timer), tripped: () => restarting };
}

/** Restarts for WORKER_MAX_RSS_MB of every process on this database, as the audit log has them (the metrics read it). */
export async function countMemoryRestarts(db: Db): Promise<number> {
  return countAuditEntries(db, MEMORY_RESTART_ACTION);
}
