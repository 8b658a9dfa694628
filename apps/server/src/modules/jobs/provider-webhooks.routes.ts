import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok } from '../../lib/route-schemas.ts';
import { acceptProviderWebhook } from './provider-webhooks.ts';

const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

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
      // A provider's bursts and retries must not meet the per-IP limit; a forged request costs one signature check.
      config: { rateLimit: false },
      schema: {
        operationId: 'webhooks.provider',
        security: [],
        tags: ['jobs'],
        summary: 'A hosted provider’s request ended (raw body, the provider’s signature headers): 400 on a bad signature',
        params: z.object({ provider: z.string().min(1).max(40) }),
        response: { 200: ok(z.object({ received: z.literal(true) })), ...failures(400, 404, 413) },
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await acceptProviderWebhook(
        { db: app.db, engines: app.engines, log: request.log },
        { provider: request.params.provider, rawBody, headers: request.headers },
      );
      if (outcome.effect === 'queued') {
        app.jobEvents.emit(outcome.jobId);
        app.jobWorker?.poke();
      }
      return { success: true as const, data: { received: true as const } };
    },
  );
};
