import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactGrantBodySchema,
  contactIdParamsSchema,
  contactListQuerySchema,
  contactMessageListSchema,
  contactMessageSchema,
  contactReplyBodySchema,
  contactStatuses,
} from '@lumen/core/content/contact';
import { failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import { contactServiceFor } from './contact.routes.ts';
import { adminSupportRoutes } from './support.routes.ts';

/** /admin/contact/messages: read, answer by mail, mark, and grant the FREE CREDITS once per message. */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  const contact = contactServiceFor(app);
  await app.register(adminSupportRoutes);
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/contact/messages',
    {
      schema: {
        operationId: 'admin.contact.listMessages',
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
    '/contact/messages/:id',
    {
      schema: {
        operationId: 'admin.contact.getMessage',
        tags,
        security,
        summary: 'One contact message',
        params: contactIdParamsSchema,
        response: { 200: ok(contactMessageSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await contact.get(request.params.id) }),
  );

  app.post(
    '/contact/messages/:id/reply',
    {
      schema: {
        operationId: 'admin.contact.reply',
        tags,
        security,
        summary: 'Answer by e-mail (the message becomes answered)',
        params: contactIdParamsSchema,
        body: contactReplyBodySchema,
        response: { 200: ok(contactMessageSchema), ...failures(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await contact.reply(auditActorOf(request), request.params.id, request.body.reply),
      message: 'Reply sent',
    }),
  );

  app.put(
    '/contact/messages/:id/status',
    {
      schema: {
        operationId: 'admin.contact.setStatus',
        tags,
        security,
        summary: 'Mark a message open or answered',
        params: contactIdParamsSchema,
        body: z.strictObject({ status: z.enum(contactStatuses) }).meta({ examples: [{ status: 'answered' }] }),
        response: { 200: ok(contactMessageSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await contact.setStatus(auditActorOf(request), request.params.id, request.body.status),
    }),
  );

  app.post(
    '/contact/messages/:id/grant-credits',
    {
      schema: {
        operationId: 'admin.contact.grantCredits',
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
