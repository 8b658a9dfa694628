import { LumenNetworkError } from './errors.ts';
import { parseRetryAfter } from './retry-after.ts';

export type RetryPolicy = {
  /** Attempts per request, the first one included (1 turns retrying off). */
  maxAttempts: number;
  /** The ceiling of the first backoff; it doubles on every retry. */
  baseDelayMs: number;
  /** No backoff is longer than this. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the 429 or 503 comes back to the caller at once. */
  maxRetryAfterMs: number;
  /** Where the jitter comes from: a number in [0, 1). */
  random: () => number;
};

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
};

/** `retries: n` allows n retries after the first attempt (`retries: 0` turns them off); an object overrides the policy field by field. */
export function resolveRetryPolicy(retries: number | Partial<RetryPolicy> | undefined): RetryPolicy {
  if (retries === undefined) return defaultRetryPolicy;
  if (typeof retries === 'number') {
    if (!Number.isInteger(retries) || retries < 0) throw new RangeError(`retries must be a whole number >= 0, not ${retries}`);
    return { ...defaultRetryPolicy, maxAttempts: retries + 1 };
  }
  const policy = { ...defaultRetryPolicy, ...retries };
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) {
    throw new RangeError(`maxAttempts must be a whole number >= 1, not ${policy.maxAttempts}`);
  }
  return policy;
}

/** Exponential backoff with "equal jitter": between half and all of min(maxDelayMs, baseDelayMs × 2^(retry-1)). */
export function backoffDelayMs(retry: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * policy.random());
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

/** Safe to send twice: an idempotent method, or a request the server deduplicates by its Idempotency-Key. */
export function isRepeatable(request: Request): boolean {
  return IDEMPOTENT_METHODS.has(request.method.toUpperCase()) || request.headers.has('idempotency-key');
}

/**
 * 429 means the server did nothing, so it is always retried. A 5xx (but 501) or a 408 may come after
 * the server acted, so only repeatable requests are retried on one.
 */
export function isRetryableStatus(status: number, request: Request): boolean {
  if (status === 429) return true;
  if (status === 408 || (status >= 500 && status !== 501)) return isRepeatable(request);
  return false;
}

export type Sleep = (ms: number, signal: AbortSignal | undefined) => Promise<void>;

/** setTimeout as a promise that rejects with the signal's reason when it is aborted. */
export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export type FetchLike = (request: Request) => Promise<Response>;

/**
 * The requests being sent. Node's fetch follows a Request's signal through a weak reference, so a
 * copy made for an attempt is held here until its answer has come: otherwise it could be collected
 * and an abort of the caller's signal would no longer reach the connection.
 */
const inFlight = new Set<Request>();

/**
 * Wraps a fetch with the retry policy: 429 and 5xx answers (see isRetryableStatus) and, for repeatable
 * requests, network errors are tried again after a backoff, never sooner than the answer's Retry-After.
 * The last answer is returned as it is; a network error that outlives the retries becomes a
 * LumenNetworkError. An aborted request is never retried.
 */
export function withRetries(fetch: FetchLike, policy: RetryPolicy, wait: Sleep = sleep): FetchLike {
  return async (request) => {
    for (let attempt = 1; ; attempt += 1) {
      const isLast = attempt >= policy.maxAttempts;
      let response: Response;
      // A request body can be read once: every attempt but the last sends a copy.
      const sent = isLast ? request : request.clone();
      inFlight.add(sent);
      try {
        response = await fetch(sent);
      } catch (error) {
        if (request.signal?.aborted) throw error;
        if (isLast || !isRepeatable(request)) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new LumenNetworkError(`${request.method} ${request.url} failed: ${reason}`, { cause: error });
        }
        await wait(backoffDelayMs(attempt, policy), request.signal);
        continue;
      } finally {
        inFlight.delete(sent);
      }
      if (isLast || !isRetryableStatus(response.status, request)) return response;
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      if (retryAfterMs !== null && retryAfterMs > policy.maxRetryAfterMs) return response;
      await response.body?.cancel().catch(() => undefined);
      await wait(Math.max(retryAfterMs ?? 0, backoffDelayMs(attempt, policy)), request.signal);
    }
  };
}
