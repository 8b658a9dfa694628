import { LumenError, LumenJobFailedError } from './errors.ts';
import type { Job } from './types.ts';

/**
 * Whether a job has finished. The switch is exhaustive over the generated status union: a status the
 * server adds fails the SDK's typecheck until it is handled here.
 */
export function isFinished(job: Job): boolean {
  const status = job.status;
  switch (status) {
    case 'succeeded':
    case 'failed':
      return true;
    case 'queued':
    case 'running':
    case 'at_provider':
      return false;
    default: {
      const unknown: never = status;
      throw new LumenError(`Job ${job.id} has the status ${JSON.stringify(unknown)}, which this SDK does not know; update @lumen/sdk`);
    }
  }
}

/** A finished job, or its failure as a LumenJobFailedError. */
export function settled(job: Job): Job {
  if (job.status === 'failed') throw new LumenJobFailedError(job);
  return job;
}
