import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { clientOf, hitLimit, waitInWords } from '../limits/index.ts';
import type { ClientLimits } from '../limits/index.ts';

export type FreeJobLimits = Pick<ClientLimits, 'freeJobsPerAccount' | 'freeJobsPerIp'>;

function usedUp(who: 'account' | 'ip', max: number, retryAfterSeconds: number): AppError {
  const runs = `today's ${max} free ${max === 1 ? 'run' : 'runs'}`;
  const used = who === 'account' ? `You have used ${runs}` : `Your network has used ${runs}`;
  return new AppError('RATE_LIMITED', 429, `${used}. Please try again in ${waitInWords(retryAfterSeconds)}.`, {
    retryAfterSeconds,
    meta: { limit: who, max },
  });
}

/**
 * Counts one run of a free (0-credit) service against the account and the client IP; 429 with
 * Retry-After once either has used its runs. Called inside the job's transaction, after the charge
 * that fixes the cost, so a job refused at any point gives its hits back with the rollback.
 */
export async function countFreeRun(tx: Db, limits: FreeJobLimits, client: { userId: string; ip: string }, now: Date): Promise<void> {
  const byAccount = await hitLimit(tx, `free-jobs:user:${client.userId}`, limits.freeJobsPerAccount, now);
  if (!byAccount.allowed) throw usedUp('account', limits.freeJobsPerAccount.max, byAccount.retryAfterSeconds);
  const byIp = await hitLimit(tx, `free-jobs:ip:${clientOf(client.ip)}`, limits.freeJobsPerIp, now);
  if (!byIp.allowed) throw usedUp('ip', limits.freeJobsPerIp.max, byIp.retryAfterSeconds);
}
