import type { OutputKind } from '@lumen/core/jobs/schemas';
import type { Db } from '../../db/database.ts';
import { jobOutputs, jobs } from './tables.ts';

/** A job the product ran itself on a built-in engine (community's featured posts), finished, free, with its stored files. */
export type FinishedJob = {
  id: string;
  userId: string;
  service: string;
  params: Record<string, unknown>;
  engineKind: string;
  engineLabel: string;
  summary: Record<string, unknown> | null;
  finishedAt: Date;
  outputs: { id: string; kind: OutputKind; name: string; contentType: string; size: number; storageKey: string }[];
};

/** Writes a finished job and its outputs (in the caller's transaction): succeeded, cost 0, started and finished at `finishedAt`. */
export async function insertFinishedJob(tx: Db, job: FinishedJob): Promise<void> {
  await tx.insert(jobs).values({
    id: job.id,
    userId: job.userId,
    service: job.service,
    status: 'succeeded',
    progress: 1,
    params: job.params,
    files: {},
    cost: 0,
    engineKind: job.engineKind,
    engineLabel: job.engineLabel,
    summary: job.summary,
    startedAt: job.finishedAt,
    finishedAt: job.finishedAt,
  });
  await tx.insert(jobOutputs).values(job.outputs.map((output, position) => ({ ...output, jobId: job.id, position })));
}
