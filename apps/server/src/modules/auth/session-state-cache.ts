import type { ChangeFeed } from '../../db/change-feed.ts';

import type { Role } from '@lumen/core/users/schemas';

/** The owner's role and suspension as the database has them now: every authorization decision uses these, never the token's. */
export type SessionState = { userId: string; revokedAt: Date | null; suspendedAt: Date | null; role: Role };

/** A session's state is kept at most this long, even if a notice were lost without the feed noticing. */
export const SESSION_STATE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * Every signed-in request checks its session (revoked? owner suspended? owner's role?). This keeps each answer in memory while the
 * database's change feed is live, and drops a user's entries the moment the feed says one of their sessions was
 * revoked, the account suspended or deleted or its role changed, in this process or any other (the notice arrives on commit). Without a
 * live feed every request reads the database.
 */
export function createSessionStateCache(feed: ChangeFeed, clock: () => number = Date.now) {
  const entries = new Map<string, { state: SessionState | null; userId: string; expiresAt: number }>();
  /** Bumped on every notice about a user: a read that started before it must not be stored after it. */
  const generations = new Map<string, number>();
  let epoch = 0;

  const forgetUser = (userId: string) => {
    if (generations.size >= MAX_ENTRIES) {
      epoch += 1; // in-flight reads of anyone are now refused, so the old generations can go
      generations.clear();
    }
    generations.set(userId, (generations.get(userId) ?? 0) + 1);
    for (const [sessionId, entry] of entries) if (entry.userId === userId) entries.delete(sessionId);
  };
  feed.subscribe({
    onNotice: (notice) => {
      if (notice.topic === 'sessions') forgetUser(notice.key);
    },
    onReset: () => {
      epoch += 1;
      entries.clear();
      generations.clear();
    },
  });

  return {
    /** The state of `sessionId` (claimed by `userId`'s token), from memory or from `load`. */
    async get(sessionId: string, userId: string, load: () => Promise<SessionState | null>): Promise<SessionState | null> {
      if (!feed.isLive()) return load();
      const kept = entries.get(sessionId);
      if (kept && kept.userId === userId && kept.expiresAt > clock()) return kept.state;
      const before = { epoch, generation: generations.get(userId) ?? 0 };
      const state = await load();
      const unchanged = before.epoch === epoch && before.generation === (generations.get(userId) ?? 0);
      if (unchanged && feed.isLive()) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(sessionId, { state, userId, expiresAt: clock() + SESSION_STATE_TTL_MS });
      }
      return state;
    },
  };
}
