/** One counted request: how many this window holds now and when it ends. */
export type RateLimitHit = { count: number; resetAtMs: number };

/** Fixed one-minute windows per key (decision 017); the Redis store shares them across processes. */
export interface RateLimitStore {
  /** Counts `weight` requests (default 1) in one step: a JSON-RPC batch counts each of its messages. */
  hit(key: string, windowMs: number, weight?: number): Promise<RateLimitHit>;
  close(): Promise<void>;
}

export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, RateLimitHit>();
  let lastSweep = now();
  return {
    async hit(key, windowMs, weight = 1) {
      const time = now();
      if (time - lastSweep > windowMs) {
        for (const [name, window] of windows) if (window.resetAtMs <= time) windows.delete(name);
        lastSweep = time;
      }
      const current = windows.get(key);
      if (!current || current.resetAtMs <= time) {
        const fresh = { count: weight, resetAtMs: time + windowMs };
        windows.set(key, fresh);
        return fresh;
      }
      current.count += weight;
      return { ...current };
    },
    async close() {
      windows.clear();
    },
  };
}

/** INCRBY and PEXPIRE in one script: the first hit of a window starts its timer, atomically. */
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** The Redis store; ioredis is loaded only by processes that use it (REDIS_URL set). */
export async function createRedisRateLimitStore(options: { url: string; prefix?: string; now?: () => number }): Promise<RateLimitStore> {
  const { Redis } = await import('ioredis');
  const prefix = options.prefix ?? 'lumen:ratelimit:';
  const now = options.now ?? Date.now;
  const redis = new Redis(options.url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', () => undefined); // reported through the failing command instead
  return {
    async hit(key, windowMs, weight = 1) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, String(windowMs), String(weight))) as [number, number];
      return { count, resetAtMs: now() + ttl };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
