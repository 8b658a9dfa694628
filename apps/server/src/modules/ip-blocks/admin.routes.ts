import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createIpBlockBodySchema, ipBlockListSchema, ipBlockMessages, ipBlockSchema } from '@lumen/core/admin/ip-blocks';
import { idParamsSchema } from '@lumen/core/credits/schemas';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { auditActorOf } from '../audit/index.ts';
import { addIpBlock, listIpBlocks, removeIpBlock } from './ip-blocks.service.ts';

/** Blocked IP ranges (ADMIN only); the ipBlocksPlugin enforces them on every route. */
export const adminIpBlocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/ip-blocks',
    {
      schema: {
        operationId: 'admin.ipBlocks.list',
        tags,
        security,
        summary: 'Blocked IP ranges, newest first, and the address you connect from',
        response: { 200: ok(ipBlockListSchema), ...failures(401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: { items: await listIpBlocks(app.db), yourIp: clientAddress(request) } }),
  );

  app.post(
    '/ip-blocks',
    {
      schema: {
        operationId: 'admin.ipBlocks.create',
        tags,
        security,
        summary: 'Block an IPv4 or IPv6 range (CIDR) on every route; never the range you connect from',
        body: createIpBlockBodySchema,
        response: { 201: ok(ipBlockSchema), ...failures(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true, data: await addIpBlock(app.db, auditActorOf(request), request.body), message: ipBlockMessages.added }),
  );

  app.delete(
    '/ip-blocks/:id',
    {
      schema: {
        operationId: 'admin.ipBlocks.delete',
        tags,
        security,
        summary: 'Unblock a range',
        params: idParamsSchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await removeIpBlock(app.db, auditActorOf(request), request.params.id);
      return { success: true as const, data: null, message: ipBlockMessages.removed };
    },
  );
};
