import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SUPPORT_MESSAGE_LIMIT,
  adminSupportConversationSchema,
  adminSupportUnreadSchema,
  supportConversationListQuerySchema,
  supportConversationListSchema,
  supportConversationSchema,
  supportMessageBodySchema,
  supportMessageSchema,
  supportUnreadSchema,
  supportUserParamsSchema,
} from '@lumen/core/content/support';
import { noFieldsBodySchema } from '@lumen/core/users/account-data';
import { failures, ok } from '../../lib/route-schemas.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import { auditActorOf } from '../audit/index.ts';
import { createSupportService } from './support.service.ts';
import { mailerOf } from '../mail/index.ts';

function supportServiceFor(app: Parameters<FastifyPluginAsyncZod>[0]) {
  return createSupportService({ db: app.db, config: app.config, mailer: mailerOf(app), clock: app.clock });
}

const emptyBody = noFieldsBodySchema.nullish().meta({ examples: [{}] });

/** The signed-in user's support chat: /support/conversation (decision 068). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = supportServiceFor(app);
  const tags = ['support'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/support/conversation',
    {
      preHandler: requireAuth,
      schema: {
        operationId: 'support.getConversation',
        tags,
        security,
        summary: 'Your conversation with the support team, oldest message first, with the number of answers you have not read',
        response: { 200: ok(supportConversationSchema), ...failures(401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await support.conversation(currentUser(request).id) }),
  );

  app.get(
    '/support/unread',
    {
      preHandler: requireAuth,
      schema: {
        operationId: 'support.unread',
        tags,
        security,
        summary: 'How many answers of the support team you have not read',
        response: { 200: ok(supportUnreadSchema), ...failures(401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: { unread: await support.unread(currentUser(request).id) } }),
  );

  app.post(
    '/support/conversation/messages',
    {
      preHandler: requireAuth,
      schema: {
        operationId: 'support.write',
        tags,
        security,
        summary: `Write to the support team (plain text, up to 4,000 characters; ${SUPPORT_MESSAGE_LIMIT.max} messages per ${SUPPORT_MESSAGE_LIMIT.windowMs / 60_000} minutes)`,
        body: supportMessageBodySchema,
        response: { 201: ok(supportMessageSchema), ...failures(400, 401, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const message = await support.write(currentUser(request).id, request.body.body);
      return reply.code(201).send({ success: true as const, data: message, message: 'Message sent' });
    },
  );

  app.post(
    '/support/conversation/read',
    {
      preHandler: requireAuth,
      schema: {
        operationId: 'support.markRead',
        tags,
        security,
        summary: "Mark the support team's answers read",
        body: emptyBody,
        response: { 200: ok(supportUnreadSchema), ...failures(400, 401, 413, 415, 429) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await support.markReadByUser(userId);
      return { success: true as const, data: { unread: await support.unread(userId) } };
    },
  );
};

/** /admin/support/*: every conversation, answered by admins (the admin area adds the guard and the prefix). */
export const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = supportServiceFor(app);
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/support/conversations',
    {
      schema: {
        operationId: 'admin.support.listConversations',
        tags,
        security,
        summary: 'Support conversations: those with unread messages first, then by last message',
        querystring: supportConversationListQuerySchema,
        response: { 200: ok(supportConversationListSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await support.list(request.query) }),
  );

  app.get(
    '/support/unread',
    {
      schema: {
        operationId: 'admin.support.unread',
        tags,
        security,
        summary: 'Messages from users that no admin has read, and in how many conversations',
        response: { 200: ok(adminSupportUnreadSchema), ...failures(401, 403, 429) },
      },
    },
    async () => ({ success: true as const, data: await support.adminUnread() }),
  );

  app.get(
    '/support/conversations/:userId',
    {
      schema: {
        operationId: 'admin.support.getConversation',
        tags,
        security,
        summary: "One account's conversation (empty when the user never wrote)",
        params: supportUserParamsSchema,
        response: { 200: ok(adminSupportConversationSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await support.adminConversation(request.params.userId) }),
  );

  app.post(
    '/support/conversations/:userId/messages',
    {
      schema: {
        operationId: 'admin.support.answer',
        tags,
        security,
        summary: 'Answer in the conversation; the user sees it in the dashboard and gets it by e-mail',
        params: supportUserParamsSchema,
        body: supportMessageBodySchema,
        response: { 201: ok(supportMessageSchema), ...failures(400, 401, 403, 404, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const message = await support.answer(auditActorOf(request), request.params.userId, request.body.body);
      return reply.code(201).send({ success: true as const, data: message, message: 'Answer sent' });
    },
  );

  app.post(
    '/support/conversations/:userId/read',
    {
      schema: {
        operationId: 'admin.support.markRead',
        tags,
        security,
        summary: "Mark the user's messages read",
        params: supportUserParamsSchema,
        body: emptyBody,
        response: { 200: ok(adminSupportUnreadSchema), ...failures(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => {
      await support.markReadByAdmin(request.params.userId);
      return { success: true as const, data: await support.adminUnread() };
    },
  );
};
