import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyMessages } from '@lumen/core/api-keys/schemas';
import { failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import { revokeUserKeyAsAdmin } from './admin-key-revocation.ts';

const userKeyParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a valid id' }),
  keyId: z.uuid({ error: 'keyId must be a valid id' }),
});
const revokedKeySchema = z.object({ id: z.string(), status: z.literal('revoked'), revokedAt: z.string() });

/** Admin routes of API keys (registered under /api/v1/admin behind requireAdmin); the list is GET /admin/users/{id}/api-keys. */
export const adminApiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/users/:id/api-keys/:keyId/revoke',
    {
      schema: {
        operationId: 'admin.users.revokeApiKey',
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Revoke one of a user’s API keys (it fails on its next request); audited',
        params: userKeyParamsSchema,
        response: { 200: ok(revokedKeySchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await revokeUserKeyAsAdmin(app.db, auditActorOf(request), { userId: request.params.id, keyId: request.params.keyId }),
      message: apiKeyMessages.revoked,
    }),
  );
};
