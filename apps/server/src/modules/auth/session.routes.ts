import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revokeOtherSessionsResultSchema, sessionIdParamsSchema, sessionListSchema, sessionMessages } from '@lumen/core/auth/sessions';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import type { AuthServices } from './auth-services.ts';
import { clientInfo } from './client-info.ts';

export const sessionRoutes: FastifyPluginAsyncZod<{ services: AuthServices }> = async (app, { services }) => {
  const tags = ['auth'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/auth/sessions',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'auth.sessions.list',
        tags,
        security,
        summary: 'Your signed-in sessions, most recently used first',
        response: { 200: ok(sessionListSchema), ...failures(401, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { success: true as const, data: await services.sessions.list(user.id, user.sessionId) };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'auth.sessions.revoke',
        tags,
        security,
        summary: 'Sign one of your sessions out (its access token stops working at once)',
        params: sessionIdParamsSchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await services.sessions.revoke(currentUser(request).id, request.params.id, clientInfo(request));
      return { success: true as const, data: null, message: sessionMessages.revoked };
    },
  );

  app.post(
    '/auth/sessions/revoke-others',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'auth.sessions.revokeOthers',
        tags,
        security,
        summary: 'Sign out every session but this one',
        response: { 200: ok(revokeOtherSessionsResultSchema), ...failures(401, 413, 415, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const revoked = await services.sessions.revokeOthers(user.id, user.sessionId, clientInfo(request));
      return { success: true as const, data: { revoked }, message: sessionMessages.othersRevoked };
    },
  );
};
