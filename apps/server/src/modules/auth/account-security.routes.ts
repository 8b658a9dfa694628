import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { securityEventListSchema, securityEventsQuerySchema } from '@lumen/core/users/security-events';
import { signInMethodsSchema } from '@lumen/core/users/sign-in-methods';
import { failures, ok } from '../../lib/route-schemas.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import type { AuthServices } from './auth-services.ts';

/** /user/me/* views of the account's security, served by the auth module that owns the data. */
export const accountSecurityRoutes: FastifyPluginAsyncZod<{ services: AuthServices }> = async (app, { services }) => {
  const tags = ['users'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/me/sign-in-methods',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'users.me.listSignInMethods',
        tags,
        security,
        summary: 'Whether you have a password, and your linked providers',
        response: { 200: ok(signInMethodsSchema), ...failures(401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await services.oauth.signInMethods(currentUser(request).id) }),
  );

  app.get(
    '/user/me/security-events',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'users.me.listSecurityEvents',
        tags,
        security,
        summary: 'Your security activity (sign-ins, password changes, linked providers…), newest first',
        querystring: securityEventsQuerySchema,
        response: { 200: ok(securityEventListSchema), ...failures(400, 401, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await services.securityEvents.listForUser(currentUser(request).id, request.query),
    }),
  );
};
