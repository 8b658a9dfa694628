import type { Db } from '../../db/database.ts';
import { clientOf, hitLimit, releaseHit } from '../limits/index.ts';
import type { Limit } from '../limits/index.ts';

export type LoginThrottleOptions = {
  /** Failures per account from browsers that have not signed in to it before. */
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  /** Failures per device cookie: a trusted browser that starts guessing loses its trust. */
  maxFailuresPerDevice: number;
  windowMs: number;
  /** Extra wait per earlier failure before answering a failed attempt from an unknown device (slows guessing). */
  failureDelayStepMs: number;
  maxFailureDelayMs: number;
};

export const defaultLoginThrottleOptions: LoginThrottleOptions = {
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 30,
  maxFailuresPerDevice: 5,
  windowMs: 15 * 60 * 1000,
  failureDelayStepMs: 250,
  maxFailureDelayMs: 2000,
};

/** One sign-in attempt that has been counted before the password is checked. */
export type LoginAttempt = {
  /** The password was right: the attempt does not count. */
  succeeded(): Promise<void>;
  /** The password was wrong: the attempt stays counted; answers how long to hold the answer back (ms). */
  failed(): number;
};

export type LoginThrottle = {
  /**
   * Counts an attempt before the password is checked (so parallel guesses cannot all slip under the
   * limit) or answers the seconds to wait. `deviceId` comes from a valid device cookie for this
   * account: such a browser is limited on its own, so failures from elsewhere never lock it out.
   */
  begin(email: string, ip: string, deviceId: string | null): Promise<LoginAttempt | { retryAfterSeconds: number }>;
};

/**
 * Device-cookie throttling (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a
 * browser that signed in to the account before keeps a signed cookie and is judged by its own
 * failures; unknown devices share a per-account and a per-IP budget, with growing delays.
 */
export function createLoginThrottle(
  deps: { db: Db; clock: () => Date },
  options: LoginThrottleOptions = defaultLoginThrottleOptions,
): LoginThrottle {
  const { db, clock } = deps;
  const limit = (max: number): Limit => ({ max, windowMs: options.windowMs });
  const delayAfter = (failures: number) => Math.min(options.maxFailureDelayMs, Math.max(0, failures - 1) * options.failureDelayStepMs);
  const release = async (key: string, max: number) => {
    if (max > 0) await releaseHit(db, key);
  };

  return {
    async begin(email, ip, deviceId) {
      if (deviceId) {
        const key = `login-failures:device:${deviceId}`;
        const byDevice = await hitLimit(db, key, limit(options.maxFailuresPerDevice), clock());
        if (byDevice.allowed) return { succeeded: () => release(key, options.maxFailuresPerDevice), failed: () => 0 };
        // A locked-out device cookie is worth nothing: the attempt is judged as an unknown device's.
      }
      const ipKey = `login-failures:ip:${clientOf(ip)}`;
      const emailKey = `login-failures:email:${email.toLowerCase()}`;
      const byIp = await hitLimit(db, ipKey, limit(options.maxFailuresPerIp), clock());
      if (!byIp.allowed) return { retryAfterSeconds: byIp.retryAfterSeconds };
      const byEmail = await hitLimit(db, emailKey, limit(options.maxFailuresPerEmail), clock());
      if (!byEmail.allowed) {
        await release(ipKey, options.maxFailuresPerIp);
        return { retryAfterSeconds: byEmail.retryAfterSeconds };
      }
      return {
        succeeded: async () => {
          await release(ipKey, options.maxFailuresPerIp);
          await release(emailKey, options.maxFailuresPerEmail);
        },
        failed: () => delayAfter(Math.max(byIp.count, byEmail.count)),
      };
    },
  };
}
