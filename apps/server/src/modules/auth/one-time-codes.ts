import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ONE_TIME_CODE_MAX_ATTEMPTS,
  ONE_TIME_CODE_RESEND_COOLDOWN_SECONDS,
  ONE_TIME_CODE_TTL_MINUTES,
} from '@lumen/core/auth/one-time-code';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { hitLimit, releaseHit, waitInWords } from '../limits/index.ts';
import type { ClientLimits } from '../../config/client-limits.ts';
import { claimAttempt, consumeClaimedCode, findOneTimeCode, releaseAttempt, upsertOneTimeCode } from './one-time-codes.repository.ts';
import type { OneTimeCodePurpose } from './tables.ts';

export const INVALID_CODE_MESSAGE = 'Invalid or expired code';
export const EXPIRED_CODE_MESSAGE = 'This code has expired. Please request a new one.';
export const EXHAUSTED_CODE_MESSAGE = 'Too many wrong attempts. Please request a new code.';

type Deps = {
  db: Db;
  secret: string;
  clock: () => Date;
  limits: Pick<ClientLimits, 'codesIssuedPerAccount' | 'failedCodeTriesPerAccount'>;
};

/** A code, or how long to wait: `cooldown` (one code a minute) or `daily_limit` (codes per account per day). */
export type IssueResult = { code: string } | { retryAfterSeconds: number; reason: 'cooldown' | 'daily_limit' };

export const tooManyCodesMessage = (seconds: number) =>
  `You have asked for too many codes today. Please try again in ${waitInWords(seconds)}.`;
export const tooManyWrongCodesMessage = (seconds: number) => `Too many wrong codes today. Please try again in ${waitInWords(seconds)}.`;

/**
 * 6-digit codes: only an HMAC (keyed by the server secret) is stored, so a leaked table cannot be
 * brute-forced offline. Guessing is bounded three ways: 5 tries per code (counted before the
 * comparison, in the statement that checks the limit), wrong codes per account per day, and codes
 * issued per account per day.
 */
export function createOneTimeCodes({ db, secret, clock, limits }: Deps) {
  const hashOf = (userId: string, purpose: OneTimeCodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest();

  /** Why no try could be claimed, in words a person can act on. */
  async function refusal(userId: string, purpose: OneTimeCodePurpose, now: Date): Promise<AppError> {
    const row = await findOneTimeCode(db, userId, purpose);
    if (!row || row.consumedAt) return new AppError('BAD_REQUEST', 400, INVALID_CODE_MESSAGE);
    if (row.failedAttempts >= ONE_TIME_CODE_MAX_ATTEMPTS) return new AppError('BAD_REQUEST', 400, EXHAUSTED_CODE_MESSAGE);
    if (row.expiresAt.getTime() <= now.getTime()) return new AppError('BAD_REQUEST', 400, EXPIRED_CODE_MESSAGE);
    return new AppError('BAD_REQUEST', 400, INVALID_CODE_MESSAGE);
  }

  return {
    /** A new code (replacing the previous one), unless one was sent less than the cooldown ago or today's are used up. */
    async issue(userId: string, purpose: OneTimeCodePurpose): Promise<IssueResult> {
      const now = clock();
      const current = await findOneTimeCode(db, userId, purpose);
      if (current) {
        const waitMs = current.createdAt.getTime() + ONE_TIME_CODE_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime();
        if (waitMs > 0) return { retryAfterSeconds: Math.ceil(waitMs / 1000), reason: 'cooldown' };
      }
      const today = await hitLimit(db, `codes-issued:user:${userId}`, limits.codesIssuedPerAccount, now);
      if (!today.allowed) return { retryAfterSeconds: today.retryAfterSeconds, reason: 'daily_limit' };
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await upsertOneTimeCode(db, {
        userId,
        purpose,
        codeHash: hashOf(userId, purpose, code).toString('hex'),
        expiresAt: new Date(now.getTime() + ONE_TIME_CODE_TTL_MINUTES * 60_000),
        createdAt: now,
      });
      return { code };
    },

    /**
     * Checks a code; a wrong one uses up a try (5 per code, then it is dead). With `consume` the code
     * is spent and works only once. Throws 400 (429 for the daily limit) with a message a person can act on.
     */
    async verify(userId: string | null, purpose: OneTimeCodePurpose, code: string, options: { consume: boolean }): Promise<void> {
      if (!userId) throw new AppError('BAD_REQUEST', 400, INVALID_CODE_MESSAGE);
      const now = clock();
      const dailyKey = `code-failures:user:${userId}`;
      const dailyLimit = limits.failedCodeTriesPerAccount;
      const today = await hitLimit(db, dailyKey, dailyLimit, now);
      if (!today.allowed) {
        throw new AppError('RATE_LIMITED', 429, tooManyWrongCodesMessage(today.retryAfterSeconds), {
          retryAfterSeconds: today.retryAfterSeconds,
        });
      }
      const giveBackDailyTry = () => (dailyLimit.max > 0 ? releaseHit(db, dailyKey) : Promise.resolve());

      const claimed = await claimAttempt(db, { userId, purpose }, now, ONE_TIME_CODE_MAX_ATTEMPTS);
      if (!claimed) {
        await giveBackDailyTry();
        throw await refusal(userId, purpose, now);
      }
      const expected = Buffer.from(claimed.codeHash, 'hex');
      const given = hashOf(userId, purpose, code);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const left = Math.max(0, ONE_TIME_CODE_MAX_ATTEMPTS - claimed.failedAttempts);
        const tail = left === 0 ? 'No attempts left. Please request a new code.' : `${left} ${left === 1 ? 'attempt' : 'attempts'} left.`;
        throw new AppError('BAD_REQUEST', 400, `${INVALID_CODE_MESSAGE}. ${tail}`);
      }
      await giveBackDailyTry();
      if (!options.consume) {
        await releaseAttempt(db, claimed);
        return;
      }
      if (!(await consumeClaimedCode(db, claimed, now, ONE_TIME_CODE_MAX_ATTEMPTS)))
        throw new AppError('BAD_REQUEST', 400, INVALID_CODE_MESSAGE);
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
