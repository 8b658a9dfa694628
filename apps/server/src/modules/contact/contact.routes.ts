import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTACT_SENT_MESSAGE, contactBodySchema } from '@lumen/core/content/contact';
import { failures, ok } from '../../lib/route-schemas.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { requireAuth } from '../../plugins/guards.ts';
import { createContactService } from './contact.service.ts';
import { supportRoutes } from './support.routes.ts';
import { mailerOf } from '../mail/index.ts';
import { rateLimitStoreOf } from '../api-keys/index.ts';

export function contactServiceFor(app: Parameters<FastifyPluginAsyncZod>[0]) {
  return createContactService({
    db: app.db,
    config: app.config,
    mailer: mailerOf(app),
    rateLimits: rateLimitStoreOf(app),
    clock: app.clock,
  });
}

/** POST /contact: stored, mailed to the support address, limited per IP. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const contact = contactServiceFor(app);
  await app.register(supportRoutes);
  app.post(
    '/contact',
    {
      schema: {
        operationId: 'contact.send',
        security: [],
        tags: ['contact'],
        summary: 'Send a message to the team (name, e-mail, subject, message); 5 per IP per 15 minutes',
        body: contactBodySchema,
        response: { 201: ok(z.object({ id: z.string() })), ...failures(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      // A signed-in sender is remembered (credits can go to that account); a bad token is simply ignored here.
      let userId: string | null = null;
      if (request.headers.authorization) {
        try {
          await requireAuth(request);
          userId = request.user?.id ?? null;
        } catch {
          request.user = null;
        }
      }
      const sent = await contact.submit({ ...request.body, ip: clientAddress(request), userId });
      return reply.code(201).send({ success: true as const, data: sent, message: CONTACT_SENT_MESSAGE });
    },
  );
};
