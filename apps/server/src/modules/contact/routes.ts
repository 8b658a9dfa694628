import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTACT_SENT_MESSAGE,
  contactBodySchema,
  contactGrantBodySchema,
  contactIdParamsSchema,
  contactListQuerySchema,
  contactMessageListSchema,
  contactMessageSchema,
  contactReplyBodySchema,
  contactStatuses,
} from '@lumen/core/content/contact';
import { failures, ok } from '../../lib/route-schemas.ts';
import { requireAdmin, requireAuth } from '../../plugins/auth.ts';
import { auditActorOf } from '../audit/index.ts';
import { createContactService } from './contact.service.ts';

function serviceFor(app: Parameters<FastifyPluginAsyncZod>[0]) {
  return createContactService({ db: app.db, config: app.config, mailer: app.mailer, rateLimits: app.apiKeys.rateLimitStore, clock: app.clock });
}

/** POST /contact: stored, mailed to the support address, limited per IP. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const contact = serviceFor(app);
  app.post(
    '/contact',
    {
      schema: {
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
      const sent = await contact.submit({ ...request.body, ip: request.ip, userId });
      return reply.code(201).send({ success: true as const, data: sent, message: CONTACT_SENT_MESSAGE });
    },
  );
};

/** /admin/contact/messages: read, answer by mail, mark, and grant the FREE CREDITS once per message. */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const contact = serviceFor(app);
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/contact/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Contact messages, newest first: filter by status, search name, e-mail or subject',
        querystring: contactListQuerySchema,
        response: { 200: ok(contactMessageListSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await contact.list(request.query) }),
  );

  app.get(
    '/admin/contact/messages/:id',
    {
      schema: { tags, security, summary: 'One contact message', params: contactIdParamsSchema, response: { 200: ok(contactMessageSchema), ...failures(400, 401, 403, 404, 429) } },
    },
    async (request) => ({ success: true as const, data: await contact.get(request.params.id) }),
  );

  app.post(
    '/admin/contact/messages/:id/reply',
    {
      schema: {
        tags,
        security,
        summary: 'Answer by e-mail (the message becomes answered)',
        params: contactIdParamsSchema,
        body: contactReplyBodySchema,
        response: { 200: ok(contactMessageSchema), ...failures(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await contact.reply(auditActorOf(request), request.params.id, request.body.reply), message: 'Reply sent' }),
  );

  app.put(
    '/admin/contact/messages/:id/status',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a message open or answered',
        params: contactIdParamsSchema,
        body: z.strictObject({ status: z.enum(contactStatuses) }),
        response: { 200: ok(contactMessageSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await contact.setStatus(auditActorOf(request), request.params.id, request.body.status) }),
  );

  app.post(
    '/admin/contact/messages/:id/grant-credits',
    {
      schema: {
        tags,
        security,
        summary: "Grant credits to the sender's account with a reason (once per message; ledger kind admin_adjustment)",
        params: contactIdParamsSchema,
        body: contactGrantBodySchema,
        response: { 200: ok(contactMessageSchema), ...failures(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const message = await contact.grantCredits(auditActorOf(request), request.params.id, request.body);
      return { success: true as const, data: message, message: `${request.body.amount} credits granted` };
    },
  );
};
