/** Counts failed sign-ins per key in fixed windows. Redis can replace the in-memory store later. */
export type AttemptStore = {
  /** Adds one failure and returns the window's count and when it ends (ms since epoch). */
  increment(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  get(key: string): Promise<{ count: number; resetAt: number } | null>;
  reset(key: string): Promise<void>;
};

export function createMemoryAttemptStore(now: () => number = Date.now, maxKeys = 100_000): AttemptStore {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return null;
    }
    return entry ?? null;
  };
  const sweep = () => {
    const time = now();
    for (const [key, entry] of entries) if (entry.resetAt <= time) entries.delete(key);
    // Still too many: drop the oldest windows first (Map keeps insertion order).
    for (const key of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(key);
    }
  };
  return {
    async increment(key, windowMs) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return { ...entry };
      }
      if (entries.size >= maxKeys) sweep();
      const fresh = { count: 1, resetAt: now() + windowMs };
      entries.set(key, fresh);
      return { ...fresh };
    },
    async get(key) {
      const entry = live(key);
      return entry ? { ...entry } : null;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

export type LoginThrottleOptions = {
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  windowMs: number;
  /** Extra wait per earlier failure before answering a failed attempt (slows guessing). */
  failureDelayStepMs: number;
  maxFailureDelayMs: number;
};

export const defaultLoginThrottleOptions: LoginThrottleOptions = {
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 30,
  windowMs: 15 * 60 * 1000,
  failureDelayStepMs: 250,
  maxFailureDelayMs: 2000,
};

export type LoginThrottle = {
  /** Null when an attempt may go ahead, otherwise the seconds to wait. */
  retryAfterSeconds(email: string, ip: string): Promise<number | null>;
  /** Records a failure and returns how long to hold the answer back (ms). */
  recordFailure(email: string, ip: string): Promise<number>;
  recordSuccess(email: string): Promise<void>;
};

export function createLoginThrottle(
  store: AttemptStore,
  options: LoginThrottleOptions = defaultLoginThrottleOptions,
  now: () => number = Date.now,
): LoginThrottle {
  const emailKey = (email: string) => `login:email:${email.toLowerCase()}`;
  const ipKey = (ip: string) => `login:ip:${ip}`;
  return {
    async retryAfterSeconds(email, ip) {
      const [byEmail, byIp] = await Promise.all([store.get(emailKey(email)), store.get(ipKey(ip))]);
      const blockedUntil = Math.max(
        byEmail && byEmail.count >= options.maxFailuresPerEmail ? byEmail.resetAt : 0,
        byIp && byIp.count >= options.maxFailuresPerIp ? byIp.resetAt : 0,
      );
      if (blockedUntil <= now()) return null;
      return Math.max(1, Math.ceil((blockedUntil - now()) / 1000));
    },
    async recordFailure(email, ip) {
      const [byEmail] = await Promise.all([
        store.increment(emailKey(email), options.windowMs),
        store.increment(ipKey(ip), options.windowMs),
      ]);
      return Math.min(options.maxFailureDelayMs, (byEmail.count - 1) * options.failureDelayStepMs);
    },
    async recordSuccess(email) {
      await store.reset(emailKey(email));
    },
  };
}
