import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ONE_TIME_CODE_MAX_ATTEMPTS,
  ONE_TIME_CODE_RESEND_COOLDOWN_SECONDS,
  ONE_TIME_CODE_TTL_MINUTES,
} from '@lumen/core/auth/one-time-code';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { consumeOneTimeCode, findOneTimeCode, recordFailedAttempt, upsertOneTimeCode } from './one-time-codes.repository.ts';
import type { OneTimeCodePurpose } from './tables.ts';

export const INVALID_CODE_MESSAGE = 'Invalid or expired code';
export const EXPIRED_CODE_MESSAGE = 'This code has expired. Please request a new one.';
export const EXHAUSTED_CODE_MESSAGE = 'Too many wrong attempts. Please request a new code.';

type Deps = { db: Db; secret: string; clock: () => Date };

export type IssueResult = { code: string } | { retryAfterSeconds: number };

/** 6-digit codes: only an HMAC (keyed by the server secret) is stored, so a leaked table cannot be brute-forced offline. */
export function createOneTimeCodes({ db, secret, clock }: Deps) {
  const hashOf = (userId: string, purpose: OneTimeCodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest();

  return {
    /** A new code (replacing the previous one), unless one was sent less than the cooldown ago. */
    async issue(userId: string, purpose: OneTimeCodePurpose): Promise<IssueResult> {
      const now = clock();
      const current = await findOneTimeCode(db, userId, purpose);
      if (current) {
        const waitMs = current.createdAt.getTime() + ONE_TIME_CODE_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime();
        if (waitMs > 0) return { retryAfterSeconds: Math.ceil(waitMs / 1000) };
      }
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
     * Checks a code; a wrong one counts a try (at most 5, then the code is dead). With `consume`
     * the code is spent and works only once. Throws 400 with a message a person can act on.
     */
    async verify(userId: string | null, purpose: OneTimeCodePurpose, code: string, options: { consume: boolean }): Promise<void> {
      const row = userId ? await findOneTimeCode(db, userId, purpose) : null;
      if (!row || !userId || row.consumedAt) throw new AppError('BAD_REQUEST', 400, INVALID_CODE_MESSAGE);
      if (row.failedAttempts >= ONE_TIME_CODE_MAX_ATTEMPTS) throw new AppError('BAD_REQUEST', 400, EXHAUSTED_CODE_MESSAGE);
      if (row.expiresAt.getTime() <= clock().getTime()) throw new AppError('BAD_REQUEST', 400, EXPIRED_CODE_MESSAGE);

      const expected = Buffer.from(row.codeHash, 'hex');
      const given = hashOf(userId, purpose, code);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const failures = await recordFailedAttempt(db, row.id);
        const left = Math.max(0, ONE_TIME_CODE_MAX_ATTEMPTS - failures);
        const tail = left === 0 ? 'No attempts left. Please request a new code.' : `${left} ${left === 1 ? 'attempt' : 'attempts'} left.`;
        throw new AppError('BAD_REQUEST', 400, `${INVALID_CODE_MESSAGE}. ${tail}`);
      }
      if (options.consume && !(await consumeOneTimeCode(db, row.id, clock()))) {
        throw new AppError('BAD_REQUEST', 400, INVALID_CODE_MESSAGE);
      }
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
