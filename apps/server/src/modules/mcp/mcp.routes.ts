import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyAccess } from '../../lib/api-key-access.ts';
import { AppError, isAppError } from '../../plugins/app-error.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { currentUser } from '../../plugins/guards.ts';
import { apiKeyCredential, apiKeyOf, authenticateApiKey, countKeyRequests } from '../api-keys/index.ts';
import { createCreditHistoryService } from '../credits/index.ts';
import { createJobsService } from '../jobs/index.ts';
import { jobProviders } from '../providers/index.ts';
import { authenticateAccessToken, countGrantRequests, looksLikeAccessToken, oauthUrls } from '../mcp-oauth/index.ts';
import type { McpGrant } from '../mcp-oauth/index.ts';
import type { McpCaller } from './mcp-context.ts';
import type { McpService } from './mcp.service.ts';
import { sendKeyRefused, sendSignInFailure } from './mcp-sign-in.ts';
import { servicesCalledIn } from './tool-names.ts';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { enginesOf, jobEventsOf, jobWorkerOf } from '../jobs/index.ts';
import { fileLinksOf, storageOf } from '../files/index.ts';

const MCP_PATH = '/mcp';
export const MCP_KEY_REQUIRED_MESSAGE =
  'Sign in: connect through OAuth (your assistant opens the sign-in page), or send your API key in X-API-Key or as Authorization: Bearer <key>';
/** JSON-RPC's implementation-defined server error, which the SDK also answers a 405 with. */
const SERVER_ERROR = -32000;
/** JSON-RPC's internal error. */
const INTERNAL_ERROR = -32603;
const MCP_POST_ONLY_MESSAGE = 'Method not allowed: this MCP server is stateless and takes JSON-RPC messages by POST only';
/** Messages one POST may carry as a JSON-RPC batch; each counts against the key's per-minute limit. */
export const MCP_MAX_BATCH = 20;
export const MCP_BATCH_TOO_LARGE_MESSAGE = `A JSON-RPC batch may hold at most ${MCP_MAX_BATCH} messages; send the others in another request`;
/** How long a tool waits for its job to finish before answering with it still queued or running. */
const RESULT_WAIT_MS = 10_000;

/**
 * Browser-based clients (the MCP Inspector) call /mcp from another origin and must read the 401's challenge.
 * Credentials travel in headers, never cookies, so any origin may call.
 */
function allowBrowserClients(reply: FastifyReply): void {
  reply
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'www-authenticate, mcp-session-id, mcp-protocol-version, ratelimit-remaining, retry-after');
}

/** The OAuth grant a request on /mcp was authenticated with (a request with an API key has none). */
const grantOf = new WeakMap<FastifyRequest, McpGrant>();

/** An MCP OAuth access token sent as `Authorization: Bearer mcp_at_…`, or null. */
function accessTokenOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] && looksLikeAccessToken(match[1]) ? match[1] : null;
}

/**
 * An OAuth access token (decision 072) or an API key (a session token is refused); keys are checked as on /api/v1:
 * expiry, IP allow-list, per-key rate limit. A missing credential or a refused access token is answered as MCP clients
 * read it (401, WWW-Authenticate with the resource metadata, JSON-RPC); a refused API key with 403 and its reason.
 */
function requireCredential(resource: string, resourceMetadataUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    allowBrowserClients(reply);
    const token = accessTokenOf(request);
    const credential = token ?? apiKeyCredential(request);
    if (credential === null) {
      const sent = request.headers.authorization !== undefined || request.headers['x-api-key'] !== undefined;
      return sendSignInFailure(reply, MCP_KEY_REQUIRED_MESSAGE, sent, resourceMetadataUrl);
    }
    try {
      if (token) grantOf.set(request, await authenticateAccessToken(request, token, resource));
      else await authenticateApiKey(request, credential);
    } catch (error) {
      if (isAppError(error) && error.statusCode === 401) {
        return token ? sendSignInFailure(reply, error.message, true, resourceMetadataUrl) : sendKeyRefused(reply, error.message);
      }
      throw error;
    }
    return undefined;
  };
}

function callerOf(request: FastifyRequest): McpCaller {
  const { id, role } = currentUser(request);
  const grant = grantOf.get(request);
  const key = apiKeyOf(request);
  if (grant) {
    const apiKey = {
      id: grant.id,
      allowedServices: grant.allowedServices,
      monthlyCreditCap: grant.monthlyCreditCap,
      kind: 'oauth_grant' as const,
    };
    return { viewer: { id, role }, apiKey, ip: clientAddress(request) };
  }
  if (!key) throw new AppError('UNAUTHORIZED', 401, MCP_KEY_REQUIRED_MESSAGE);
  return {
    viewer: { id, role },
    apiKey: { id: key.id, allowedServices: key.allowedServices, monthlyCreditCap: key.monthlyCreditCap },
    ip: clientAddress(request),
  };
}

/** hijack() skips Fastify's sending: headers hooks set on the reply (request id, RateLimit-*) go on the raw response now. */
function keepHookHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
}

/**
 * POST /mcp: the Model Context Protocol over Streamable HTTP, stateless (decision 040): every request
 * gets its own server and transport, built for the key that sent it, answered as plain JSON.
 */
export const mcpRoutes: FastifyPluginAsync = async (app) => {
  const jobs = createJobsService({
    db: app.db,
    storage: storageOf(app),
    links: fileLinksOf(app),
    providers: jobProviders,
    engines: enginesOf(app),
    freeJobLimits: app.config.clientLimits,
    clock: () => app.clock(),
    log: app.log,
    changes: app.database.changes,
    onEnqueued: (jobId) => {
      jobEventsOf(app).emit(jobId);
      jobWorkerOf(app)?.poke();
    },
  });
  const shutdown = new AbortController();
  app.addHook('preClose', async () => shutdown.abort());
  // The MCP SDK (some 30 MB) loads with the first MCP request, not in every API process at start.
  let mcp: Promise<{ service: McpService; Transport: typeof StreamableHTTPServerTransport }> | null = null;
  const loadMcp = () =>
    (mcp ??= Promise.all([import('./mcp.service.ts'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')]).then(
      ([{ createMcpService }, { StreamableHTTPServerTransport: Transport }]) => ({
        service: createMcpService({
          jobs,
          accounts: createCreditHistoryService({ db: app.db }),
          changes: jobEventsOf(app),
          publicUrl: app.config.publicUrl,
          resultWaitMs: RESULT_WAIT_MS,
          shutdown: shutdown.signal,
          log: app.log,
        }),
        Transport,
      }),
    ));

  const urls = oauthUrls(app.config.publicUrl);
  const onRequest = requireCredential(urls.resource, urls.resourceMetadata);
  app.post(MCP_PATH, { onRequest, config: apiKeyAccess, schema: { hide: true } }, async (request, reply) => {
    // Every JSON-RPC message is a call of the key: the HTTP request counted one, a batch counts the rest before
    // anything runs, and a batch past the limit is refused as a whole (429, Retry-After).
    const messages = Array.isArray(request.body) ? request.body.length : 1;
    if (messages > MCP_MAX_BATCH) throw new AppError('BAD_REQUEST', 400, MCP_BATCH_TOO_LARGE_MESSAGE);
    if (messages > 1) {
      const grant = grantOf.get(request);
      if (grant) await countGrantRequests(request, grant, messages - 1);
      else await countKeyRequests(request, messages - 1);
      reply.header('ratelimit-remaining', String(grant?.limit.remaining ?? apiKeyOf(request)?.limit.remaining ?? 0));
    }
    // Built before hijack(): a failure here still gets the error envelope.
    const { service, Transport } = await loadMcp();
    const server = await service.serverFor(callerOf(request), servicesCalledIn(request.body));
    const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    keepHookHeaders(reply);
    // Closing the server aborts its running handlers (a tool waiting for its job) when the client goes away.
    reply.raw.on('close', () => {
      server.close().catch((error: unknown) => request.log.warn({ err: error }, 'closing an MCP server failed'));
    });
    try {
      await server.connect(transport);
      // Fastify has read the body already; an empty one (undefined) is passed as null, an invalid message.
      await transport.handleRequest(request.raw, reply.raw, request.body ?? null);
    } catch (error) {
      request.log.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: INTERNAL_ERROR, message: 'Internal error' }, id: null }));
      } else if (!reply.raw.writableEnded) reply.raw.end();
    }
  });

  app.route({
    method: 'OPTIONS',
    url: MCP_PATH,
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'POST, OPTIONS')
        .header(
          'access-control-allow-headers',
          'content-type, accept, authorization, x-api-key, mcp-protocol-version, mcp-session-id, last-event-id',
        )
        .header('access-control-max-age', '86400')
        .send(),
  });

  // Stateless: no server-sent event stream to open (GET) and no session to end (DELETE).
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({ jsonrpc: '2.0', error: { code: SERVER_ERROR, message: MCP_POST_ONLY_MESSAGE }, id: null }),
  });
};
