import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  connectedAppIdParamsSchema,
  connectedAppListSchema,
  connectedAppMessages,
  consentDecisionBodySchema,
  consentDecisionResultSchema,
  consentIdParamsSchema,
  consentViewSchema,
} from '@lumen/core/mcp-oauth/schemas';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { currentUser, requireAuth, requireVerifiedEmail } from '../../plugins/guards.ts';
import { auditActorOf } from '../audit/index.ts';
import { createAuthorizationService } from './authorization.service.ts';
import type { McpToolNames } from './authorization.service.ts';
import { createConnectedAppsService } from './connected-apps.service.ts';
import { oauthUrls } from './oauth-urls.ts';

/**
 * The consent page's API and API management's "Connected apps" (docs/api/mcp-contract.md): the signed-in user's
 * session only (an API key is a 403, an OAuth token is not accepted here). The decision needs the session and the
 * one-time consent id, so another site cannot answer for the user.
 */
export const consentRoutes: FastifyPluginAsyncZod<{ tools: McpToolNames }> = async (app, { tools }) => {
  const authorization = createAuthorizationService({ db: app.db, urls: oauthUrls(app.config.publicUrl), clock: () => app.clock() });
  const connectedApps = createConnectedAppsService({ db: app.db, clock: () => app.clock() });
  const security = [{ bearerAuth: [] }];

  app.get(
    '/oauth/authorizations/:id',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'oauth.consent.get',
        tags: ['api-keys'],
        security,
        summary: 'An MCP client’s pending sign-in request, as the consent page shows it (the client as registered, unverified)',
        params: consentIdParamsSchema,
        response: { 200: ok(consentViewSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await authorization.consentView(request.params.id, tools) }),
  );

  app.post(
    '/oauth/authorizations/:id/decision',
    {
      onRequest: requireAuth,
      preHandler: requireVerifiedEmail,
      schema: {
        operationId: 'oauth.consent.decide',
        tags: ['api-keys'],
        security,
        summary:
          'Approve (with the services and monthly credit cap granted) or deny a pending sign-in request, once; the answer is where to send the browser',
        params: consentIdParamsSchema,
        body: consentDecisionBodySchema,
        response: { 200: ok(consentDecisionResultSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await authorization.decide(auditActorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/connected-apps',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'connectedApps.list',
        tags: ['api-keys'],
        security,
        summary: 'Assistants you let in through OAuth (MCP), with their services, monthly cap and this month’s credits',
        response: { 200: ok(connectedAppListSchema), ...failures(401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await connectedApps.list(currentUser(request).id) }),
  );

  app.delete(
    '/connected-apps/:id',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'connectedApps.revoke',
        tags: ['api-keys'],
        security,
        summary: 'Revoke an assistant’s access: its tokens stop working at once',
        params: connectedAppIdParamsSchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await connectedApps.revoke(auditActorOf(request), request.params.id);
      return { success: true as const, data: null, message: connectedAppMessages.revoked };
    },
  );
};
