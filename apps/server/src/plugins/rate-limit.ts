import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

export type GlobalRateLimitOptions = { max: number; timeWindowMs: number };

/** A generous per-IP limit on /api; the answer is the failure envelope with Retry-After. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: GlobalRateLimitOptions) => {
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: options.timeWindowMs,
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError('RATE_LIMITED', 429, `Too many requests. Please try again in ${seconds} seconds.`, {
          retryAfterSeconds: seconds,
        });
      },
    });
  },
  { name: 'rate-limit' },
);
