import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyCredential } from './key-auth.ts';
import { isFailedKeyRequest, tooManyRequests } from './failed-key-requests.ts';
import { isWellFormedApiKey } from './key-secrets.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { clientOf } from '../limits/index.ts';
import { isInternalRequest } from '../../plugins/internal-request.ts';

export type GlobalRateLimitOptions = { max: number; timeWindowMs: number };

/** A generous per-IP limit on /api; the answer is the failure envelope with Retry-After. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: GlobalRateLimitOptions) => {
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: options.timeWindowMs,
      // Per client address (an IPv6 client by its /64), the same address every per-address limit counts.
      keyGenerator: (request) => clientOf(clientAddress(request)),
      // Requests with a well-formed API key on a route that takes keys are limited per key instead (decision 017),
      // unless the key matched nothing (failed-key-requests.ts).
      allowList: (request) => {
        if (isFailedKeyRequest(request)) return false;
        if (!request.url.startsWith('/api/') || isInternalRequest(request)) return true;
        const apiKey = request.routeOptions.config?.apiKey === true ? apiKeyCredential(request) : null;
        return apiKey !== null && isWellFormedApiKey(apiKey);
      },
      errorResponseBuilder: (_request, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
  },
  { name: 'rate-limit' },
);
