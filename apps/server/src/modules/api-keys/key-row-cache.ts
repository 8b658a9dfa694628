import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/database.ts';
import { findKeyByHash } from './api-keys.repository.ts';

export type KeyRow = NonNullable<Awaited<ReturnType<typeof findKeyByHash>>>;

/** A key's row is kept at most this long, even if a notice were lost without the feed noticing. */
export const KEY_ROW_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

/**
 * Every key-authenticated request looks its key up by the hash of its secret. This keeps each found row in memory
 * while the database's change feed is live, and drops it the moment the feed says the key changed in any process
 * (`api_keys:<key id>`: revoked, deleted, rolled, expiry, allow-list, limits or scope changed; migration 0015) or its
 * owner was suspended or deleted (`sessions:<user id>`, migration 0010). The checks that depend on the time (expiry,
 * the previous secret's end) and on the request (the IP allow-list) still run on every request, on the kept row. An
 * unknown secret is not kept. A read that a notice overtook is not stored. Without a live feed every request reads.
 */
export function createKeyRowCache(feed: ChangeFeed, clock: () => number = Date.now) {
  const entries = new Map<string, { row: KeyRow; expiresAt: number }>();
  /** Bumped on every notice about a key or a key owner: a read that started before it must not be stored after it. */
  let generation = 0;
  const forget = (matches: (row: KeyRow) => boolean) => {
    generation += 1;
    for (const [hash, entry] of entries) if (matches(entry.row)) entries.delete(hash);
  };
  feed.subscribe({
    onNotice: (notice) => {
      if (notice.topic === 'api_keys') forget((row) => row.id === notice.key);
      else if (notice.topic === 'sessions') forget((row) => row.userId === notice.key);
    },
    onReset: () => {
      generation += 1;
      entries.clear();
    },
  });

  return {
    /** The row of the key whose secret hashes to `keyHash` (current or previous secret), or null. */
    async find(db: Db, keyHash: string): Promise<KeyRow | null> {
      if (!feed.isLive()) return findKeyByHash(db, keyHash);
      const kept = entries.get(keyHash);
      if (kept && kept.expiresAt > clock()) return kept.row;
      const started = generation;
      const row = await findKeyByHash(db, keyHash);
      if (row && started === generation && feed.isLive()) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(keyHash, { row, expiresAt: clock() + KEY_ROW_TTL_MS });
      }
      return row;
    },
  };
}

export type KeyRowCache = ReturnType<typeof createKeyRowCache>;
