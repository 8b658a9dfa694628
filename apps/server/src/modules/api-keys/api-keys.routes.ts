import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  apiKeyMessages,
  apiKeySchema,
  apiKeyUsageQuerySchema,
  apiKeyUsageSchema,
  generateApiKeyBodySchema,
  issuedApiKeySchema,
  rollApiKeyBodySchema,
  updateApiKeyBodySchema,
} from '@lumen/core/api-keys/schemas';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { currentUser, requireAuth, requireVerifiedEmail } from '../../plugins/guards.ts';
import { auditActorOf } from '../audit/index.ts';
import { createApiKeysService } from './api-keys.service.ts';
import type { KeySpending } from './api-keys.service.ts';

/** Key management (docs/api/api-keys-contract.md): the user's JWT only; an API key here is a 403. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ spending: KeySpending }> = async (app, { spending }) => {
  const service = createApiKeysService({
    db: app.db,
    jwtSecret: app.config.jwtSecret,
    nodeEnv: app.config.nodeEnv,
    clock: () => app.clock(),
    spending,
  });
  const tags = ['api-keys'];
  const security = [{ bearerAuth: [] }];
  const params = apiKeyIdParamsSchema;

  app.get(
    '/api-keys',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'apiKeys.list',
        tags,
        security,
        summary: 'Your API keys, newest first (revoked included)',
        response: { 200: ok(apiKeyListSchema), ...failures(401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.list(currentUser(request).id) }),
  );

  app.post(
    '/api-keys/generate',
    {
      onRequest: requireAuth,
      preHandler: requireVerifiedEmail,
      schema: {
        operationId: 'apiKeys.generate',
        tags,
        security,
        summary:
          'Create a key: the full key (and webhook secret) are returned this once only; optional expiry and IP allow-list; at most 25 active keys (409)',
        body: generateApiKeyBodySchema,
        response: { 201: ok(issuedApiKeySchema), ...failures(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.generate(auditActorOf(request), request.body);
      return reply.code(201).send({ success: true as const, data, message: apiKeyMessages.generated });
    },
  );

  app.get(
    '/api-keys/:id',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'apiKeys.get',
        tags,
        security,
        summary: 'One of your API keys',
        params,
        response: { 200: ok(apiKeySchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.get(currentUser(request).id, request.params.id) }),
  );

  app.patch(
    '/api-keys/:id',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'apiKeys.update',
        tags,
        security,
        summary:
          'Change a key’s name, rate limit, services, monthly cap, expiry or IP allow-list; the secret stays the same (409 once revoked)',
        params,
        body: updateApiKeyBodySchema,
        response: { 200: ok(apiKeySchema), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(auditActorOf(request), request.params.id, request.body),
      message: apiKeyMessages.updated,
    }),
  );

  app.put(
    '/api-keys/:id/revoke',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'apiKeys.revoke',
        tags,
        security,
        summary: 'Revoke a key (irreversible; it fails on its next request)',
        params,
        response: { 200: ok(apiKeySchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.revoke(auditActorOf(request), request.params.id),
      message: apiKeyMessages.revoked,
    }),
  );

  app.delete(
    '/api-keys/:id',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'apiKeys.delete',
        tags,
        security,
        summary: 'Delete a key: it stops working and leaves the list; its usage stays in your history',
        params,
        response: { 200: ok(emptyData), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await service.remove(auditActorOf(request), request.params.id);
      return { success: true as const, data: null, message: apiKeyMessages.deleted };
    },
  );

  app.get(
    '/api-keys/:id/usage',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'apiKeys.getUsage',
        tags,
        security,
        summary: 'Requests per day and endpoint, errors, credits, last use (UTC days, the last `days` days)',
        params,
        querystring: apiKeyUsageQuerySchema,
        response: { 200: ok(apiKeyUsageSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await app.apiKeys.usage.flush();
      return { success: true as const, data: await service.usage(currentUser(request).id, request.params.id, request.query.days) };
    },
  );

  app.post(
    '/api-keys/:id/regenerate',
    {
      onRequest: requireAuth,
      preHandler: requireVerifiedEmail,
      schema: {
        operationId: 'apiKeys.regenerate',
        tags,
        security,
        summary: 'Revoke the key at once and issue its successor (same settings and expiry; inherits the month’s usage)',
        params,
        response: { 201: ok(issuedApiKeySchema), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.regenerate(auditActorOf(request), request.params.id);
      return reply.code(201).send({ success: true as const, data, message: apiKeyMessages.regenerated });
    },
  );

  app.post(
    '/api-keys/:id/roll',
    {
      onRequest: requireAuth,
      preHandler: requireVerifiedEmail,
      schema: {
        operationId: 'apiKeys.roll',
        tags,
        security,
        summary:
          'Give the key a new secret (returned this once only) and keep the old secret working for the grace period (none, 1h, 24h or 7d); same key, settings and usage',
        params,
        body: rollApiKeyBodySchema,
        response: { 201: ok(issuedApiKeySchema), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.roll(auditActorOf(request), request.params.id, request.body.grace);
      return reply.code(201).send({ success: true as const, data, message: apiKeyMessages.rolled });
    },
  );
};
