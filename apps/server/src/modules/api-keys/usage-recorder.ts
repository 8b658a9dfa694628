import type { Db } from '../../db/database.ts';
import { addRequestCounts, markKeysUsed } from './api-keys.repository.ts';

const LAST_USED_THROTTLE_MS = 10_000;

/**
 * Counts key-authenticated requests in memory and writes them, one upsert statement for every key × day × method ×
 * route, about once a second (and on flush/close), so a request costs no write of its own.
 * last_used_at/ip are written at most once per 10 s per key.
 */
export function createUsageRecorder(deps: { db: Db; onError: (error: unknown) => void; flushIntervalMs?: number }) {
  const pending = new Map<string, { keyId: string; day: string; method: string; route: string; requests: number; errors: number }>();
  const lastUsed = new Map<string, { at: Date; ip: string; writtenAt: number; dirty: boolean }>();
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  async function write(): Promise<void> {
    const batch = [...pending.values()];
    pending.clear();
    const uses: { keyId: string; at: Date; ip: string }[] = [];
    for (const [keyId, used] of lastUsed) {
      if (!used.dirty) continue;
      used.dirty = false;
      uses.push({ keyId, at: used.at, ip: used.ip });
    }
    await addRequestCounts(deps.db, batch);
    await markKeysUsed(deps.db, uses);
  }

  function flush(): Promise<void> {
    flushing = flushing.then(write).catch(deps.onError);
    return flushing;
  }

  return {
    record(input: { keyId: string; at: Date; ip: string; method: string; route: string; isError: boolean }) {
      const day = input.at.toISOString().slice(0, 10);
      const name = `${input.keyId} ${day} ${input.method} ${input.route}`;
      const entry = pending.get(name) ?? { keyId: input.keyId, day, method: input.method, route: input.route, requests: 0, errors: 0 };
      entry.requests += 1;
      if (input.isError) entry.errors += 1;
      pending.set(name, entry);
      const used = lastUsed.get(input.keyId);
      const now = input.at.getTime();
      if (!used || now - used.writtenAt >= LAST_USED_THROTTLE_MS) {
        lastUsed.set(input.keyId, { at: input.at, ip: input.ip, writtenAt: now, dirty: true });
      }
      if (!timer) {
        timer = setTimeout(() => {
          timer = undefined;
          void flush();
        }, deps.flushIntervalMs ?? 1000);
        timer.unref();
      }
    },
    flush,
    async close() {
      clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}

export type UsageRecorder = ReturnType<typeof createUsageRecorder>;
