import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailOutboxListSchema, mailOutboxMessageSchema, mailOutboxQuerySchema } from '@lumen/core/admin/mail-outbox';
import { idParamsSchema } from '@lumen/core/credits/schemas';
import { failures, ok } from '../../lib/route-schemas.ts';
import { createMailOutboxService } from './mail-outbox.service.ts';

export const adminMailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createMailOutboxService({ db: app.db });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/mail-outbox',
    {
      schema: {
        operationId: 'admin.mailOutbox.list',
        tags,
        security,
        summary: 'Mail the app has sent (or, without SMTP_URL, only stored), newest first; `to` filters by recipient',
        querystring: mailOutboxQuerySchema,
        response: { 200: ok(mailOutboxListSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.list(request.query) }),
  );

  app.get(
    '/mail-outbox/:id',
    {
      schema: {
        operationId: 'admin.mailOutbox.get',
        tags,
        security,
        summary: 'One message with its text and HTML',
        params: idParamsSchema,
        response: { 200: ok(mailOutboxMessageSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.get(request.params.id) }),
  );
};
