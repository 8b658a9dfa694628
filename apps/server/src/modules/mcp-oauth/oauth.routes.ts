import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { serviceKeys } from '@lumen/core/services/catalogue';
import { clientAddress } from '../../plugins/client-address.ts';
import { AuthorizeError, createAuthorizationService, redirectWith } from './authorization.service.ts';
import type { AuthorizeQuery } from './authorization.service.ts';
import { registerClient } from './client-registration.ts';
import { OAuthError, sendOAuthError } from './oauth-error.ts';
import { createTokenService } from './token.service.ts';
import { deleteEndedOAuthRows } from './oauth-sweep.ts';
import { createPeriodicTask } from '../../lib/periodic-task.ts';
import {
  AUTHORIZATION_SERVER_METADATA_PATH,
  AUTHORIZE_PATH,
  CONSENT_PAGE_PATH,
  MCP_PATH,
  REGISTER_PATH,
  RESOURCE_METADATA_PATH,
  REVOKE_PATH,
  TOKEN_PATH,
} from './oauth-urls.ts';
import { oauthUrls } from './oauth-urls.ts';

const FORM_BODY_LIMIT_BYTES = 16 * 1024;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const AUTHORIZE_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'resource',
] as const;

/** Browser-based MCP clients (the MCP Inspector) read metadata, register and fetch tokens from another origin. */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
}

/** A form body (RFC 6749 §3.2) as single-valued parameters; a parameter sent twice is an invalid_request (§3.1). */
function formParams(body: unknown): Record<string, string | undefined> {
  const params = new URLSearchParams(typeof body === 'string' ? body : '');
  const result: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name in result) throw new OAuthError('invalid_request', `${name} must be sent once`);
    result[name] = value;
  }
  return result;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** An authorization request that cannot be sent back to its client (unknown client or redirect_uri) is shown to the user. */
function authorizeErrorPage(reply: FastifyReply, message: string): FastifyReply {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in request refused</title></head><body>` +
        `<h1>This sign-in request cannot be used</h1><p>${escapeHtml(message)}</p>` +
        `<p>Go back to your assistant and connect again.</p></body></html>`,
    );
}

/**
 * The OAuth 2.1 authorization server for /mcp (MCP authorization, decision 072): RFC 9728 protected-resource
 * metadata, RFC 8414 authorization-server metadata, RFC 7591 registration, the authorization endpoint (which
 * sends the browser to the consent page) and the token and revocation endpoints. Not in the OpenAPI document:
 * these are the RFCs' endpoints, documented in docs/api/mcp-contract.md.
 */
export const oauthRoutes: FastifyPluginAsync = async (app) => {
  const urls = oauthUrls(app.config.publicUrl);
  const clock = () => app.clock();
  const authorization = createAuthorizationService({ db: app.db, urls, clock });
  const tokens = createTokenService({ db: app.db, clock });
  const sweeper = createPeriodicTask({
    name: 'oauth sweep',
    run: () => deleteEndedOAuthRows(app.db, clock()),
    log: app.log,
    intervalMs: SWEEP_INTERVAL_MS,
  });
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', async () => sweeper.stop());
  const schema = { hide: true };
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  const resourceMetadata = {
    resource: urls.resource,
    authorization_servers: [urls.issuer],
    scopes_supported: [...serviceKeys],
    bearer_methods_supported: ['header'],
    resource_name: 'Lumen Studio MCP server',
    resource_documentation: `${urls.issuer}/developers`,
  };
  const serverMetadata = {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorizationEndpoint,
    token_endpoint: urls.tokenEndpoint,
    registration_endpoint: urls.registrationEndpoint,
    revocation_endpoint: urls.revocationEndpoint,
    scopes_supported: [...serviceKeys],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${urls.issuer}/developers`,
  };

  for (const path of [RESOURCE_METADATA_PATH, `${RESOURCE_METADATA_PATH}${MCP_PATH}`]) {
    app.get(path, { schema }, async (_request, reply) => {
      allowAnyOrigin(reply);
      return reply.header('cache-control', 'public, max-age=3600').send(resourceMetadata);
    });
  }
  app.get(AUTHORIZATION_SERVER_METADATA_PATH, { schema }, async (_request, reply) => {
    allowAnyOrigin(reply);
    return reply.header('cache-control', 'public, max-age=3600').send(serverMetadata);
  });

  // CORS preflight: browser clients send JSON or form bodies and an MCP-Protocol-Version header even to the metadata.
  const preflight = async (_request: unknown, reply: FastifyReply) =>
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type, authorization, mcp-protocol-version')
      .header('access-control-max-age', '86400')
      .send();
  for (const url of ['/oauth/*', RESOURCE_METADATA_PATH, `${RESOURCE_METADATA_PATH}${MCP_PATH}`, AUTHORIZATION_SERVER_METADATA_PATH]) {
    app.route({ method: 'OPTIONS', url, schema, handler: preflight });
  }

  app.post(REGISTER_PATH, { schema }, async (request, reply) => {
    allowAnyOrigin(reply);
    try {
      const client = await registerClient(app.db, request.body, clientAddress(request), app.clock());
      return reply.code(201).header('cache-control', 'no-store').send(client);
    } catch (error) {
      if (error instanceof OAuthError) return sendOAuthError(reply, error);
      throw error;
    }
  });

  app.get(AUTHORIZE_PATH, { schema }, async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const query: AuthorizeQuery = {};
    for (const name of AUTHORIZE_PARAMS) {
      const value = raw[name];
      if (Array.isArray(value)) return authorizeErrorPage(reply, `${name} must be sent once`);
      if (typeof value === 'string') query[name] = value;
    }
    try {
      const { consentId } = await authorization.startAuthorization(query);
      return reply.header('cache-control', 'no-store').redirect(`${CONSENT_PAGE_PATH}?request=${consentId}`, 302);
    } catch (error) {
      if (!(error instanceof AuthorizeError)) throw error;
      if (!error.redirect) return authorizeErrorPage(reply, error.message);
      const target = redirectWith(
        error.redirect.uri,
        { error: error.code, error_description: error.message, state: error.redirect.state },
        urls.issuer,
      );
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    }
  });

  app.post(TOKEN_PATH, { schema }, async (request, reply) => {
    allowAnyOrigin(reply);
    try {
      const answer = await tokens.token(formParams(request.body));
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
    } catch (error) {
      if (error instanceof OAuthError) return sendOAuthError(reply, error);
      throw error;
    }
  });

  app.post(REVOKE_PATH, { schema }, async (request, reply) => {
    allowAnyOrigin(reply);
    try {
      await tokens.revoke(formParams(request.body));
      return reply.code(200).header('cache-control', 'no-store').send({});
    } catch (error) {
      if (error instanceof OAuthError) return sendOAuthError(reply, error);
      throw error;
    }
  });
};
