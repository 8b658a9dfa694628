import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { failures, ok } from '../../lib/route-schemas.ts';
import { AppError } from '../../plugins/app-error.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { clientOf } from '../limits/index.ts';
import { acceptProviderWebhook } from './webhooks.ts';
import { rateLimitStoreOf } from '../api-keys/index.ts';
import { enginesOf, jobEventsOf, jobWorkerOf } from '../jobs/index.ts';

const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
/** Deliveries one address may send a minute: far above a provider's bursts (one per finished request). */
export const PROVIDER_WEBHOOKS_PER_ADDRESS_PER_MINUTE = 600;
const MINUTE_MS = 60_000;

/**
 * onRequest: counts the delivery against its address (the API keys' store: in memory, or Redis shared by every
 * process), before the body is read or a signature checked; 429 with Retry-After past the limit. Not limit_counters:
 * a flood of forged deliveries would then cost a database write each, where today it costs a signature check.
 */
async function limitPerAddress(request: FastifyRequest): Promise<void> {
  const hit = await rateLimitStoreOf(request.server).hit(`provider-webhooks:${clientOf(clientAddress(request))}`, MINUTE_MS);
  if (hit.count <= PROVIDER_WEBHOOKS_PER_ADDRESS_PER_MINUTE) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((hit.resetAtMs - Date.now()) / 1000));
  throw new AppError('RATE_LIMITED', 429, `Too many requests. Please try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
}

/**
 * POST /webhooks/providers/{provider}: a hosted provider (fal, Replicate, FASHN) says that a request
 * ended. Its signature covers the exact bytes sent, so this route (and only this one: parsers are
 * scoped to this plugin) takes the body raw, whatever its type.
 */
export const providerWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/providers/:provider',
    {
      // A provider's bursts and retries must not meet the global per-IP limit; this route has its own, and a forged
      // request costs one signature check.
      config: { rateLimit: false },
      onRequest: limitPerAddress,
      schema: {
        operationId: 'webhooks.provider',
        security: [],
        tags: ['jobs'],
        summary: 'A hosted provider’s request ended (raw body, the provider’s signature headers): 400 on a bad signature',
        params: z.object({ provider: z.string().min(1).max(40) }),
        response: { 200: ok(z.object({ received: z.literal(true) })), ...failures(400, 404, 413, 429) },
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await acceptProviderWebhook(
        { db: app.db, engines: enginesOf(app), log: request.log },
        { provider: request.params.provider, rawBody, headers: request.headers },
      );
      if (outcome.effect === 'queued') {
        jobEventsOf(app).emit(outcome.jobId);
        jobWorkerOf(app)?.poke();
      }
      return { success: true as const, data: { received: true as const } };
    },
  );
};
