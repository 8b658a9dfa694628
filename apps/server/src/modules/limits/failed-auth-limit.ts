import type { Db } from '../../db/database.ts';
import type { Limit } from '../../config/client-limits.ts';
import { AppError } from '../../plugins/app-error.ts';
import { clientOf, waitInWords } from './client-limits.ts';
import { hitLimit } from './limit-counters.ts';

/** Addresses remembered as locked out, at most (the oldest goes first); each is also in limit_counters. */
const MAX_REMEMBERED = 10_000;

export function tooManyFailedAuthentications(retryAfterSeconds: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    429,
    `Too many attempts with an invalid API key or session from your network. Please try again in ${waitInWords(retryAfterSeconds)}.`,
    { retryAfterSeconds },
  );
}

/**
 * Failed authentications per client address: API keys and refresh tokens that match nothing, each of which costs a
 * hash and a lookup. A failure is counted by one statement in limit_counters (200 parallel failures let exactly the
 * limit through as 401); past the limit the address is answered 429 with Retry-After. This process remembers an
 * address it saw locked out until its window ends, so every further key or token it sends is refused before any hash,
 * lookup or count.
 */
export function createFailedAuthLimit(deps: { db: Db; limit: Limit; clock: () => Date }) {
  const { db, limit, clock } = deps;
  const lockedOutUntil = new Map<string, number>();
  const keyOf = (ip: string) => `failed-auth:ip:${clientOf(ip)}`;
  const remember = (client: string, retryAfterSeconds: number) => {
    lockedOutUntil.delete(client);
    if (lockedOutUntil.size >= MAX_REMEMBERED) lockedOutUntil.delete(lockedOutUntil.keys().next().value!);
    lockedOutUntil.set(client, clock().getTime() + retryAfterSeconds * 1000);
  };
  return {
    /** 429 when this process has seen the address use up its failures and the window has not ended (no I/O). */
    refuseIfLockedOut(ip: string): void {
      if (limit.max <= 0 || lockedOutUntil.size === 0) return;
      const client = clientOf(ip);
      const until = lockedOutUntil.get(client);
      if (until === undefined) return;
      const waitMs = until - clock().getTime();
      if (waitMs <= 0) lockedOutUntil.delete(client);
      else throw tooManyFailedAuthentications(Math.ceil(waitMs / 1000));
    },
    /** Counts one failed authentication; 429 (instead of the caller's 401) once the address has used up its failures. */
    async countFailure(ip: string): Promise<void> {
      const hit = await hitLimit(db, keyOf(ip), limit, clock());
      if (hit.allowed) return;
      remember(clientOf(ip), hit.retryAfterSeconds);
      throw tooManyFailedAuthentications(hit.retryAfterSeconds);
    },
  };
}

export type FailedAuthLimit = ReturnType<typeof createFailedAuthLimit>;
