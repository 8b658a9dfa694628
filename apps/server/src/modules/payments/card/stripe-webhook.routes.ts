import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookReceivedSchema } from '@lumen/core/payments/card';
import { failures, ok } from '../../../lib/route-schemas.ts';

const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * POST /webhooks/stripe: the signature covers the exact bytes Stripe sent, so this route (and
 * only this one: parsers are scoped to this plugin) takes the body raw, whatever its type.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe',
    {
      // Stripe's bursts and retries must not meet the per-IP limit; a forged request costs one HMAC check.
      config: { rateLimit: false },
      schema: {
        operationId: 'webhooks.stripe',
        security: [],
        tags: ['payments'],
        summary: 'Stripe events (raw body, stripe-signature): 400 on a bad or missing signature',
        headers: z.object({ 'stripe-signature': z.string().optional() }).passthrough(),
        response: { 200: ok(webhookReceivedSchema), ...failures(400, 413) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await app.cardPayments.handleWebhook(raw, request.headers['stripe-signature']);
      return { success: true as const, data: { received: true as const } };
    },
  );
};
