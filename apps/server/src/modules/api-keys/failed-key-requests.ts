import type { FastifyRequest } from 'fastify';
import '@fastify/rate-limit';
import { AppError } from '../../plugins/app-error.ts';

/** Requests whose API key matched no live key: the global per-address limit no longer lets them pass as key requests. */
const failedKeyRequests = new WeakSet<FastifyRequest>();

export function isFailedKeyRequest(request: FastifyRequest): boolean {
  return failedKeyRequests.has(request);
}

/** The global limit's answer: 429 with Retry-After. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', 429, `Too many requests. Please try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
}

/**
 * A request with a well-formed API key skips the global per-address limit, to be counted per key (decision 017). When
 * its key matches nothing it is counted against its address after all: 429 once the address's requests are used up.
 */
export async function countFailedKeyRequest(request: FastifyRequest): Promise<void> {
  if (!request.server.hasDecorator('createRateLimit')) return; // the global limit is off
  failedKeyRequests.add(request);
  const verdict = await request.server.createRateLimit()(request);
  if (!verdict.isAllowed && verdict.isExceeded) throw tooManyRequests(verdict.ttlInSeconds);
}
