import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages } from '@lumen/core/api-keys/schemas';
import type { ConnectedApp, ConsentView } from '@lumen/core/mcp-oauth/schemas';
import { connectedAppMessages } from '@lumen/core/mcp-oauth/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { verifiedUser } from '../../test/api-key-helpers.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker } from '../../test/job-helpers.ts';
import { auditRows } from '../../test/admin-seed.ts';
import { ACCESS_TOKEN_INVALID_MESSAGE } from './access-token-auth.ts';
import { registrationMessages, REGISTRATIONS_PER_ADDRESS } from './client-registration.ts';
import { deleteEndedOAuthRows } from './oauth-sweep.ts';
import { tokenMessages } from './token.service.ts';

let t: TestApp;
let base: string;
let endpoint: URL;

/** The app listens where its PUBLIC_URL says, so the resource in its metadata is the address clients call. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ config: { publicUrl: base }, jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() } });
  await t.app.listen({ port, host: '127.0.0.1' });
  endpoint = new URL('/mcp', base);
});
afterAll(async () => t?.close());

const REDIRECT = 'http://127.0.0.1:7777/callback';
const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

let addressCounter = 10;
/** Each test registers from its own address, so the per-address registration limit is its own. */
const nextAddress = () => `198.51.100.${addressCounter++}`;

async function register(body: Record<string, unknown>, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url: '/oauth/register', payload: body, remoteAddress });
}

async function registeredClient(): Promise<string> {
  const response = await register({ client_name: 'Test assistant', redirect_uris: [REDIRECT] });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { client_id: string }).client_id;
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorize(params: Record<string, string | undefined>) {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return t.app.inject({ method: 'GET', url: `/oauth/authorize?${query}` });
}

function authorizeParams(clientId: string, challenge: string, extra: Record<string, string | undefined> = {}) {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-1',
    resource: `${base}/mcp`,
    ...extra,
  };
}

/** The consent id the authorization endpoint sent the browser to the consent page with. */
function consentIdOf(response: { statusCode: number; headers: Record<string, unknown> }): string {
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location), base);
  expect(location.pathname).toBe('/oauth/consent');
  return location.searchParams.get('request')!;
}

function decide(token: string, consentId: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/v1/oauth/authorizations/${consentId}/decision`, headers: bearer(token), payload: body });
}

/** Signs the user's consent, as the page does, and returns the code the browser brings back to the client. */
async function approvedCode(
  userToken: string,
  clientId: string,
  challenge: string,
  grant = { services: ['image-generator'], monthlyCreditCap: 50 },
) {
  const consentId = consentIdOf(await authorize(authorizeParams(clientId, challenge)));
  const answer = await decide(userToken, consentId, { approve: true, ...grant });
  expect(answer.statusCode, answer.body).toBe(200);
  const redirectTo = new URL((answer.json().data as { redirectTo: string }).redirectTo);
  expect(`${redirectTo.origin}${redirectTo.pathname}`).toBe(REDIRECT);
  expect(redirectTo.searchParams.get('state')).toBe('state-1');
  expect(redirectTo.searchParams.get('iss')).toBe(base);
  return redirectTo.searchParams.get('code')!;
}

function token(params: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });
}

type TokenAnswer = { access_token: string; refresh_token: string; token_type: string; expires_in: number; scope: string };

async function grantedTokens(userToken: string, grant?: { services: string[]; monthlyCreditCap: number }) {
  const clientId = await registeredClient();
  const { verifier, challenge } = pkce();
  const code = await approvedCode(userToken, clientId, challenge, grant);
  const response = await token({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT,
    client_id: clientId,
    resource: `${base}/mcp`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { clientId, tokens: response.json() as TokenAnswer };
}

const postMcp = (headers: Record<string, string>) =>
  fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    }),
  });

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

async function connectWith(accessToken: string): Promise<Client> {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: bearer(accessToken) } }));
  clients.push(client);
  return client;
}

describe('OAuth metadata', () => {
  it('serves RFC 9728 protected-resource metadata (root and /mcp suffix) and RFC 8414 authorization-server metadata', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const response = await fetch(new URL(path, base));
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toMatchObject({
        resource: `${base}/mcp`,
        authorization_servers: [base],
        bearer_methods_supported: ['header'],
      });
    }
    // A browser client's preflight (the SDK sends MCP-Protocol-Version to the metadata too).
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
      '/oauth/register',
      '/oauth/token',
      '/mcp',
    ]) {
      const preflight = await fetch(new URL(path, base), {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:6274',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'mcp-protocol-version',
        },
      });
      expect({ path, status: preflight.status }).toEqual({ path, status: 204 });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
    }
    const server = await fetch(new URL('/.well-known/oauth-authorization-server', base));
    expect(await server.json()).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
  });

  it('answers /mcp without a credential with 401, a challenge naming the resource metadata, and a JSON-RPC error', async () => {
    const response = await postMcp({});
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer realm="mcp", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(response.headers.get('access-control-expose-headers')).toContain('www-authenticate');
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } });
  });
});

describe('dynamic client registration', () => {
  it('registers a public client with https or loopback redirect URIs and refuses anything else', async () => {
    const ok = await register({
      client_name: 'Claude\u0000 Desktop',
      redirect_uris: ['https://app.example/cb', 'http://localhost:6274/oauth/callback'],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      client_name: 'Claude Desktop',
      redirect_uris: ['https://app.example/cb', 'http://localhost:6274/oauth/callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    });
    expect(ok.json()).not.toHaveProperty('client_secret');

    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [
        { redirect_uris: ['http://evil.example/cb'] },
        'invalid_redirect_uri',
        registrationMessages.redirectUriNotAllowed('http://evil.example/cb'),
      ],
      [
        { redirect_uris: ['javascript:alert(1)'] },
        'invalid_redirect_uri',
        registrationMessages.redirectUriNotAllowed('javascript:alert(1)'),
      ],
      [
        { redirect_uris: ['https://app.example/cb#x'] },
        'invalid_redirect_uri',
        registrationMessages.redirectUriNotAllowed('https://app.example/cb#x'),
      ],
      [{ redirect_uris: [] }, 'invalid_redirect_uri', registrationMessages.redirectUrisRequired],
      [{ client_name: 'no uris' }, 'invalid_redirect_uri', registrationMessages.redirectUrisRequired],
      [
        { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' },
        'invalid_client_metadata',
        registrationMessages.authMethod,
      ],
      [{ redirect_uris: [REDIRECT], grant_types: ['client_credentials'] }, 'invalid_client_metadata', registrationMessages.grantTypes],
    ];
    for (const [body, error, description] of refusals) {
      const response = await register(body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(response.json()).toEqual({ error, error_description: description });
    }
  });

  it('counts registrations per address atomically: of 30 at once, exactly the limit get through', async () => {
    const address = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: REGISTRATIONS_PER_ADDRESS.max + 10 }, () => register({ redirect_uris: [REDIRECT] }, address)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(REGISTRATIONS_PER_ADDRESS.max);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json().error).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('authorization endpoint', () => {
  it('refuses a request without PKCE S256 or state by redirecting with error=invalid_request, and shows unknown clients a page', async () => {
    const clientId = await registeredClient();
    const { challenge } = pkce();
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge_method: undefined }, 'invalid_request'],
      [{ state: undefined }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ resource: 'https://elsewhere.example/mcp' }, 'invalid_target'],
    ];
    for (const [extra, error] of cases) {
      const response = await authorize(authorizeParams(clientId, challenge, extra));
      expect(response.statusCode).toBe(302);
      const location = new URL(String(response.headers.location));
      expect({ extra, error: location.searchParams.get('error') }).toEqual({ extra, error });
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(location.searchParams.get('error_description')).toBeTruthy();
    }
    for (const extra of [{ client_id: 'mcp_client_unknown' }, { redirect_uri: 'https://attacker.example/cb' }]) {
      const response = await authorize(authorizeParams(clientId, challenge, extra));
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers.location).toBeUndefined();
    }
  });

  it('shows the consent to a signed-in user only, answers once, and a denial goes back with access_denied', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const clientId = await registeredClient();
    const consentId = consentIdOf(await authorize(authorizeParams(clientId, pkce().challenge, { scope: 'image-generator openid' })));

    expect((await t.app.inject({ method: 'GET', url: `/api/v1/oauth/authorizations/${consentId}` })).statusCode).toBe(401);
    const view = await t.app.inject({ method: 'GET', url: `/api/v1/oauth/authorizations/${consentId}`, headers: bearer(user.token) });
    expect(view.statusCode).toBe(200);
    const data = view.json().data as ConsentView;
    expect(data.client).toEqual({ name: 'Test assistant', uri: null, redirectHost: '127.0.0.1:7777', verified: false });
    expect(data.requestedServices).toEqual(['image-generator']);
    expect(data.services.find((service) => service.key === 'image-generator')?.tool).toBe('image_generator');
    expect(data.commonTools).toEqual(['get_job']);

    // Approving needs the session: without it nothing is decided.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/oauth/authorizations/${consentId}/decision`, payload: { approve: false } }))
        .statusCode,
    ).toBe(401);
    const bad = await decide(user.token, consentId, { approve: true, services: [], monthlyCreditCap: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(connectedAppMessages.servicesRequired);

    const denied = await decide(user.token, consentId, { approve: false });
    expect(denied.statusCode).toBe(200);
    const back = new URL((denied.json().data as { redirectTo: string }).redirectTo);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-1');
    expect(back.searchParams.get('code')).toBeNull();

    const again = await decide(user.token, consentId, { approve: true, services: ['image-generator'], monthlyCreditCap: 10 });
    expect(again.statusCode).toBe(404);
  });
});

describe('token endpoint', () => {
  it('binds the code to its PKCE verifier, redirect_uri and client, and uses it once', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const clientId = await registeredClient();
    const otherClient = await registeredClient();
    const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
      token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: clientId, ...extra });
    const expectError = async (response: Awaited<ReturnType<typeof token>>, error: string, description: string) => {
      expect(response.statusCode).toBe(error === 'invalid_client' ? 401 : 400);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ error, error_description: description });
    };

    const wrongVerifier = pkce();
    await expectError(
      await exchange(await approvedCode(user.token, clientId, wrongVerifier.challenge), pkce().verifier),
      'invalid_grant',
      tokenMessages.verifierMismatch,
    );
    const noVerifier = pkce();
    await expectError(
      await exchange(await approvedCode(user.token, clientId, noVerifier.challenge), ''),
      'invalid_request',
      tokenMessages.verifierMissing,
    );
    const otherRedirect = pkce();
    await expectError(
      await exchange(await approvedCode(user.token, clientId, otherRedirect.challenge), otherRedirect.verifier, {
        redirect_uri: 'http://127.0.0.1:7777/other',
      }),
      'invalid_grant',
      tokenMessages.redirectMismatch,
    );
    const stolen = pkce();
    await expectError(
      await exchange(await approvedCode(user.token, clientId, stolen.challenge), stolen.verifier, { client_id: otherClient }),
      'invalid_grant',
      tokenMessages.wrongClient,
    );

    const good = pkce();
    const code = await approvedCode(user.token, clientId, good.challenge);
    const first = await exchange(code, good.verifier);
    expect(first.statusCode).toBe(200);
    const tokens = first.json() as TokenAnswer;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'image-generator' });
    expect(tokens.access_token).toMatch(/^mcp_at_/);
    expect((await postMcp(bearer(tokens.access_token))).status).toBe(200);

    // The same code again: refused, and what it granted is revoked.
    await expectError(await exchange(code, good.verifier), 'invalid_grant', tokenMessages.codeReused);
    expect((await postMcp(bearer(tokens.access_token))).status).toBe(401);
    await expectError(await token({ grant_type: 'password', client_id: clientId }), 'unsupported_grant_type', tokenMessages.grantType);
    await expectError(await exchange(code, good.verifier, { client_id: 'nobody' }), 'invalid_client', tokenMessages.unknownClient);
  });

  it('rotates refresh tokens; a used one presented again revokes the grant (401 on /mcp with the challenge)', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const { clientId, tokens } = await grantedTokens(user.token);
    const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });

    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json() as TokenAnswer;
    expect(second.refresh_token).not.toBe(tokens.refresh_token);
    expect((await postMcp(bearer(second.access_token))).status).toBe(200);

    const replay = await refresh(tokens.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: 'invalid_grant', error_description: tokenMessages.refreshReused });
    const after = await postMcp(bearer(second.access_token));
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toBe(
      `Bearer realm="mcp", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", error="invalid_token"`,
    );
    expect(await after.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32001, message: ACCESS_TOKEN_INVALID_MESSAGE } });
    expect((await refresh(second.refresh_token)).json().error).toBe('invalid_grant');
  });
});

describe('a granted assistant on /mcp', () => {
  it('sees and calls only the granted services, within the granted monthly cap', async () => {
    const user = await verifiedUser(t.app, t.database.db, 20);
    const { tokens } = await grantedTokens(user.token, { services: ['image-generator'], monthlyCreditCap: 1 });
    const client = await connectWith(tokens.access_token);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_job', 'image_generator']);
    const outside = (await client.callTool({ name: 'sound_generator', arguments: { params: { prompt: 'rain' } } })) as CallToolResult;
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toBe(apiKeyMessages.serviceNotAllowed);

    const call = () => client.callTool({ name: 'image_generator', arguments: { params: { prompt: 'a fox' } } }) as Promise<CallToolResult>;
    const first = await call();
    expect(first.isError, textOf(first)).toBeFalsy();
    const capped = await call();
    expect(capped.isError).toBe(true);
    expect(textOf(capped)).toBe(apiKeyMessages.monthlyCapReached);

    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/connected-apps', headers: bearer(user.token) });
    const apps = listed.json().data as ConnectedApp[];
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({
      clientName: 'Test assistant',
      allowedServices: ['image-generator'],
      monthlyCreditCap: 1,
      creditsUsedThisMonth: 1,
    });
    expect(apps[0]!.lastUsedAt).not.toBeNull();
  });

  it('holds the cap when many calls arrive at once', async () => {
    const user = await verifiedUser(t.app, t.database.db, 50);
    const { tokens } = await grantedTokens(user.token, { services: ['image-generator'], monthlyCreditCap: 3 });
    const client = await connectWith(tokens.access_token);
    const results = await Promise.all(
      Array.from(
        { length: 12 },
        (_, index) =>
          client.callTool({ name: 'image_generator', arguments: { params: { prompt: `fox ${index}` } } }) as Promise<CallToolResult>,
      ),
    );
    expect(results.filter((result) => !result.isError)).toHaveLength(3);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/connected-apps', headers: bearer(user.token) })).json()
      .data as ConnectedApp[];
    expect(listed[0]!.creditsUsedThisMonth).toBe(3);
  });

  it('stops working the moment the user revokes it in API management, which is audited', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const { tokens } = await grantedTokens(user.token);
    const [grant] = (await t.app.inject({ method: 'GET', url: '/api/v1/connected-apps', headers: bearer(user.token) })).json()
      .data as ConnectedApp[];
    const stranger = await registerUser(t.app);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/connected-apps/${grant!.id}`, headers: bearer(stranger.accessToken) }))
        .statusCode,
    ).toBe(404);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/v1/connected-apps/${grant!.id}`, headers: bearer(user.token) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe(connectedAppMessages.revoked);
    expect((await postMcp(bearer(tokens.access_token))).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/connected-apps', headers: bearer(user.token) })).json().data).toEqual([]);
    expect(await auditRows(t.database.db, 'oauth_grant.create', grant!.id)).toHaveLength(1);
    expect(await auditRows(t.database.db, 'oauth_grant.revoke', grant!.id)).toHaveLength(1);
  });
});

/** What an MCP client application keeps, in memory: the official SDK drives the flow through it. */
class MemoryProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'SDK test assistant',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  state = () => 'sdk-state';
  clientInformation = () => this.client;
  saveClientInformation = (info: OAuthClientInformationMixed) => {
    this.client = info;
  };
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => {
    this.saved = tokens;
  };
  redirectToAuthorization = (url: URL) => {
    this.authorizationUrl = url;
  };
  saveCodeVerifier = (verifier: string) => {
    this.verifier = verifier;
  };
  codeVerifier = () => this.verifier;
}

describe('the official MCP SDK client', () => {
  it('discovers, registers, sends the user to consent, exchanges the code and calls a tool', async () => {
    const user = await verifiedUser(t.app, t.database.db, 7);
    const provider = new MemoryProvider();

    // 1. The first connection gets the 401, reads the metadata, registers and asks for the user's browser.
    const first = new StreamableHTTPClientTransport(endpoint, { authProvider: provider });
    await expect(new Client({ name: 'sdk', version: '1' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toMatch(/^mcp_client_/);
    const authorizationUrl = provider.authorizationUrl!;
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${base}/oauth/authorize`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(`${base}/mcp`);

    // 2. The user: the browser follows the authorization URL to the consent page, which approves through the API.
    const browser = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(browser.status).toBe(302);
    const consentId = new URL(browser.headers.get('location')!, base).searchParams.get('request')!;
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/v1/oauth/authorizations/${consentId}`, headers: bearer(user.token) })
    ).json().data as ConsentView;
    expect(view.client.name).toBe('SDK test assistant');
    const answer = await decide(user.token, consentId, { approve: true, services: view.requestedServices, monthlyCreditCap: 5 });
    const callback = new URL((answer.json().data as { redirectTo: string }).redirectTo);
    expect(callback.searchParams.get('state')).toBe('sdk-state');

    // 3. Back in the client: the code is exchanged, and the next connection works.
    await first.finishAuth(callback.searchParams.get('code')!);
    expect(provider.saved?.access_token).toMatch(/^mcp_at_/);
    const client = new Client({ name: 'sdk', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: provider }));
    clients.push(client);
    const balance = await client.readResource({ uri: 'lumen://balance' });
    expect(JSON.parse((balance.contents[0] as { text: string }).text)).toEqual({ balance: 7 });
    const run = (await client.callTool({ name: 'image_generator', arguments: { params: { prompt: 'a kite' } } })) as CallToolResult;
    expect(run.isError, textOf(run)).toBeFalsy();
  });
});

describe('the hourly sweep', () => {
  it('deletes tokens and consent requests a day after they end, and keeps the grant', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const { tokens } = await grantedTokens(user.token);
    expect(await deleteEndedOAuthRows(t.database.db, new Date())).toBe(0);
    expect((await postMcp(bearer(tokens.access_token))).status).toBe(200);

    const later = new Date(Date.now() + 40 * 24 * 60 * 60_000);
    expect(await deleteEndedOAuthRows(t.database.db, later)).toBeGreaterThan(0);
    expect((await postMcp(bearer(tokens.access_token))).status).toBe(401);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/connected-apps', headers: bearer(user.token) })).json()
      .data as ConnectedApp[];
    expect(listed).toHaveLength(1);
  });
});
