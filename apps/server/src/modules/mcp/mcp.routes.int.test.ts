import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages } from '@lumen/core/api-keys/schemas';
import type { Job, ServiceEntry } from '@lumen/core/jobs/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';
import { expectLedgerInvariant } from '../../test/credit-helpers.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { bearer } from '../../test/http-helpers.ts';
import { fastWorker, submitJob, waitForJob } from '../../test/job-helpers.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { serviceCosts } from '../credits/tables.ts';
import { MCP_KEY_REQUIRED_MESSAGE } from './mcp.routes.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../jobs/idempotency-fingerprint.ts';
import type { JobResult } from './job-result.ts';

let t: TestApp;
let endpoint: URL;
beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`);
});
afterAll(async () => t?.close());

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

async function connect(apiKey: string): Promise<Client> {
  const client = new Client({ name: 'lumen-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: xApiKey(apiKey) } }));
  clients.push(client);
  return client;
}

async function balanceOf(client: Client): Promise<number> {
  const read = await client.readResource({ uri: 'lumen://balance' });
  const content = read.contents[0] as { text: string; mimeType?: string };
  expect(content.mimeType).toBe('application/json');
  return (JSON.parse(content.text) as { balance: number }).balance;
}

async function readJson<T>(client: Client, uri: string): Promise<T> {
  const read = await client.readResource({ uri });
  return JSON.parse((read.contents[0] as { text: string }).text) as T;
}

/** The costs as GET /api/v1/services lists them. */
async function restCosts(apiKey: string): Promise<Record<string, number>> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/services', headers: xApiKey(apiKey) });
  return Object.fromEntries((response.json().data as ServiceEntry[]).map((entry) => [entry.key, entry.cost]));
}

const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

async function jobCount(token: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(token) })).json().data.total as number;
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};
const post = (headers: Record<string, string>, body: string = JSON.stringify(initialize)) =>
  fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  });

describe('POST /mcp, tools', () => {
  it('lists one tool per AI service with its current cost, the params schema POST /jobs uses, and get_job', async () => {
    const user = await verifiedUser(t.app, t.database.db, 5);
    const key = await generateKey(t.app, user.token);
    const client = await connect(key.apiKey);
    const costs = await restCosts(key.apiKey);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['ai_background', 'get_job', 'image_generator', 'sales_pilot', 'sound_generator', 'speedpainting', 'virtual_try_on'].sort(),
    );
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('image_generator')!.description).toContain(`Cost: ${costs['image-generator']} credit`);
    expect(byName.get('speedpainting')!.description).toContain(`Cost: ${costs.speedpainting} credits per run`);
    expect(byName.get('ai_background')!.description).toContain('Cost: 0 credits, free');
    // Upload-taking services say how to pass the upload id.
    expect(byName.get('ai_background')!.description).toContain('/api/v1/uploads');
    expect(byName.get('ai_background')!.inputSchema.required).toEqual(expect.arrayContaining(['params', 'files']));
    expect(byName.get('sales_pilot')!.description).toContain('purpose=transcript');
    const imageParams = byName.get('image_generator')!.inputSchema.properties!.params as {
      properties: Record<string, unknown>;
      required?: string[];
    };
    expect(Object.keys(imageParams.properties)).toEqual(
      expect.arrayContaining(['prompt', 'aspectRatio', 'style', 'numberOfImages', 'seed']),
    );
    expect(imageParams.required).toEqual(['prompt']);
    expect(byName.get('image_generator')!.inputSchema.properties).not.toHaveProperty('files');

    // The cost is read when the tools are listed: an admin's change shows on the next request.
    await t.database.db.update(serviceCosts).set({ cost: 7 }).where(eq(serviceCosts.serviceKey, 'sound-generator'));
    // Written straight to the database (as another process would): the cached costs hear of it from the change feed.
    await t.app.database.changes.catchUp();
    try {
      const again = await client.listTools();
      expect(again.tools.find((tool) => tool.name === 'sound_generator')!.description).toContain('Cost: 7 credits per run');
    } finally {
      await t.database.db
        .update(serviceCosts)
        .set({ cost: costs['sound-generator']! })
        .where(eq(serviceCosts.serviceKey, 'sound-generator'));
      await t.app.database.changes.catchUp();
    }
  });

  it('runs a service through the jobs service: the balance drops by exactly its cost, and the result links work', async () => {
    const user = await verifiedUser(t.app, t.database.db, 10);
    const key = await generateKey(t.app, user.token);
    const client = await connect(key.apiKey);
    const cost = (await restCosts(key.apiKey))['image-generator']!;
    expect(cost).toBeGreaterThan(0);
    expect(await balanceOf(client)).toBe(10);

    const result = (await client.callTool({ name: 'image_generator', arguments: { params: { prompt: 'a red fox' } } })) as CallToolResult;
    expect(result.isError, textOf(result)).toBeFalsy();
    const job = result.structuredContent as JobResult;
    expect(job).toMatchObject({
      service: 'image-generator',
      status: 'succeeded',
      cost,
      params: { prompt: 'a red fox', style: 'abstract' },
    });
    expect(textOf(result)).toContain(job.id);
    expect(await balanceOf(client)).toBe(10 - cost);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(10 - cost);

    // The same job the REST API shows, made with this key.
    const rest = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}`, headers: xApiKey(key.apiKey) });
    expect((rest.json().data as Job).status).toBe('succeeded');
    const preview = new URL(job.outputs[0]!.previewUrl);
    expect(preview.origin).toBe(new URL(t.config.publicUrl).origin);
    expect((await t.app.inject({ method: 'GET', url: preview.pathname })).statusCode).toBe(200);

    // Read later: the tool, the job resource and the list resource.
    const fromTool = (await client.callTool({ name: 'get_job', arguments: { id: job.id } })) as CallToolResult;
    expect((fromTool.structuredContent as JobResult).status).toBe('succeeded');
    expect((fromTool.structuredContent as JobResult).outputs[0]!.downloadUrl).toBeUndefined(); // nothing bought yet
    expect((await readJson<JobResult>(client, `lumen://jobs/${job.id}`)).id).toBe(job.id);
    const list = await readJson<{ items: JobResult[]; total: number }>(client, 'lumen://jobs');
    expect(list.items.map((item) => item.id)).toEqual([job.id]);

    // Once credits were bought, the result carries download links, as GET /jobs/{id}/download gives them.
    await grantCredits(t.database.db, { userId: user.id, amount: 5, kind: 'purchase', idempotencyKey: `order:mcp-${user.id}` });
    const bought = (await client.callTool({ name: 'get_job', arguments: { id: job.id } })) as CallToolResult;
    const download = new URL((bought.structuredContent as JobResult).outputs[0]!.downloadUrl!);
    expect((await t.app.inject({ method: 'GET', url: download.pathname })).statusCode).toBe(200);

    // An idempotencyKey replays the first job instead of charging again.
    const args = { params: { prompt: 'a blue fox' }, idempotencyKey: 'mcp-once' };
    const first = (await client.callTool({ name: 'image_generator', arguments: args })) as CallToolResult;
    const balanceAfterFirst = await balanceOf(client);
    const repeat = (await client.callTool({ name: 'image_generator', arguments: args })) as CallToolResult;
    expect((repeat.structuredContent as JobResult).id).toBe((first.structuredContent as JobResult).id);
    expect(await balanceOf(client)).toBe(balanceAfterFirst);

    // The key is bound to the tool and the request: other params, or the same request through POST /jobs, are refused.
    const other = (await client.callTool({
      name: 'image_generator',
      arguments: { ...args, params: { prompt: 'a red fox' } },
    })) as CallToolResult;
    expect(other.isError).toBe(true);
    expect(textOf(other)).toContain(IDEMPOTENCY_KEY_REUSED_MESSAGE);
    expect(textOf(other)).not.toContain((first.structuredContent as JobResult).id);
    const viaRest = await submitJob(
      t.app,
      user.token,
      { service: 'image-generator', params: args.params },
      { 'idempotency-key': 'mcp-once' },
    );
    expect(viaRest.statusCode).toBe(422);
    expect(await balanceOf(client)).toBe(balanceAfterFirst);
  });

  it('a key limited to some services neither lists nor runs the others, and reads none of their jobs', async () => {
    const user = await verifiedUser(t.app, t.database.db, 10);
    const imageJob = (await submitJob(t.app, user.token, { service: 'image-generator', params: { prompt: 'a cat' } })).json().data as Job;
    const key = await generateKey(t.app, user.token, { allowedServices: ['sound-generator'] });
    const client = await connect(key.apiKey);
    const balance = await balanceOf(client);
    const jobs = await jobCount(user.token);

    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['get_job', 'sound_generator']);
    const refused = (await client.callTool({ name: 'image_generator', arguments: { params: { prompt: 'a dog' } } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(apiKeyMessages.serviceNotAllowed);
    expect(await balanceOf(client)).toBe(balance);
    expect(await jobCount(user.token)).toBe(jobs);

    const hidden = (await client.callTool({ name: 'get_job', arguments: { id: imageJob.id } })) as CallToolResult;
    expect(hidden.isError).toBe(true);
    expect(textOf(hidden)).toBe(apiKeyMessages.serviceNotAllowed);
    await expect(client.readResource({ uri: `lumen://jobs/${imageJob.id}` })).rejects.toThrow(apiKeyMessages.serviceNotAllowed);
    expect((await readJson<{ total: number }>(client, 'lumen://jobs')).total).toBe(0);

    // Its own service runs.
    const sound = (await client.callTool({
      name: 'sound_generator',
      arguments: { params: { prompt: 'rain on a roof' } },
    })) as CallToolResult;
    expect(sound.isError, textOf(sound)).toBeFalsy();
  });

  it('insufficient credits is a tool error with the REST message, and charges nothing', async () => {
    const user = await verifiedUser(t.app, t.database.db, 0);
    const key = await generateKey(t.app, user.token);
    const client = await connect(key.apiKey);
    const params = { prompt: 'a red fox' };

    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: xApiKey(key.apiKey),
      payload: { service: 'image-generator', params },
    });
    expect(rest.statusCode).toBe(402);

    const result = (await client.callTool({ name: 'image_generator', arguments: { params } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(rest.json().message);
    expect(result.structuredContent).toMatchObject({ error: { code: 'INSUFFICIENT_CREDITS', status: 402 } });
    expect(await balanceOf(client)).toBe(0);
    expect(await jobCount(user.token)).toBe(0);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(0);
  });

  it("a key's monthly credit cap stops a run as it stops POST /jobs, rolling the charge back", async () => {
    const user = await verifiedUser(t.app, t.database.db, 10);
    const key = await generateKey(t.app, user.token, { monthlyCreditCap: 1 });
    const client = await connect(key.apiKey);
    const call = () =>
      client.callTool({ name: 'image_generator', arguments: { params: { prompt: 'a capped fox' } } }) as Promise<CallToolResult>;

    expect((await call()).isError).toBeFalsy();
    const balance = await balanceOf(client);
    const capped = await call();
    expect(capped.isError).toBe(true);
    expect(textOf(capped)).toBe(apiKeyMessages.monthlyCapReached);
    expect(await balanceOf(client)).toBe(balance);
    expect(await jobCount(user.token)).toBe(1);
  });

  it('bad arguments are tool errors, never a 500', async () => {
    const user = await verifiedUser(t.app, t.database.db, 5);
    const client = await connect((await generateKey(t.app, user.token)).apiKey);
    const cases = [
      { name: 'image_generator', arguments: { params: { prompt: '' } } },
      { name: 'image_generator', arguments: { params: { prompt: 'x', numberOfImages: 99 } } },
      { name: 'image_generator', arguments: { params: { prompt: 'nul \u0000 here' } } },
      { name: 'ai_background', arguments: { params: { mode: 'transparent' }, files: { image: '00000000-0000-4000-8000-000000000000' } } },
      { name: 'get_job', arguments: { id: 'not-a-uuid' } },
      { name: 'no_such_tool', arguments: {} },
    ];
    for (const call of cases) {
      const result = (await client.callTool(call)) as CallToolResult;
      expect(result.isError, JSON.stringify(call)).toBe(true);
      expect(textOf(result), JSON.stringify(call)).not.toMatch(/something went wrong/i);
    }
    expect(await balanceOf(client)).toBe(5);
  });
});

describe('POST /mcp, resources', () => {
  it("reads only the key owner's data: another user's job is not found", async () => {
    const owner = await verifiedUser(t.app, t.database.db, 5);
    const ownersJob = await waitForJob(
      t.app,
      owner.token,
      ((await submitJob(t.app, owner.token, { service: 'image-generator', params: { prompt: 'a private fox' } })).json().data as Job).id,
    );
    const stranger = await verifiedUser(t.app, t.database.db, 3);
    const client = await connect((await generateKey(t.app, stranger.token)).apiKey);

    expect(await balanceOf(client)).toBe(3);
    const read = client.readResource({ uri: `lumen://jobs/${ownersJob.id}` });
    await expect(read).rejects.toBeInstanceOf(McpError);
    // Said once: the SDK's client prefixes the code to the server's text, which must not carry it already.
    await expect(read).rejects.toMatchObject({ code: -32002, message: 'MCP error -32002: Job not found' });
    const viaTool = (await client.callTool({ name: 'get_job', arguments: { id: ownersJob.id } })) as CallToolResult;
    expect(viaTool.isError).toBe(true);
    expect(textOf(viaTool)).toBe('Job not found');
    const list = await readJson<{ items: JobResult[]; total: number }>(client, 'lumen://jobs');
    expect(list.total).toBe(0);
    await expect(client.readResource({ uri: 'lumen://jobs/not-a-uuid' })).rejects.toMatchObject({ code: -32602 });

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['lumen://jobs/{id}']);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toEqual(['lumen://balance', 'lumen://jobs']);
  });
});

describe('/mcp over HTTP', () => {
  it('answers a missing or non-key credential with 401, WWW-Authenticate: Bearer and a JSON-RPC error, a wrong or revoked key with 403 and its reason', async () => {
    const challenge = `Bearer realm="mcp", resource_metadata="${t.config.publicUrl}/.well-known/oauth-protected-resource/mcp"`;
    const refusedChallenge = `${challenge}, error="invalid_token"`;
    const user = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token);
    const tampered = `${key.apiKey.slice(0, -1)}${key.apiKey.endsWith('a') ? 'b' : 'a'}`;
    const rpcError = (message: string) => ({ jsonrpc: '2.0', id: null, error: { code: -32001, message } });

    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(missing.headers.get('www-authenticate')).toBe(challenge);
    expect(await missing.json()).toEqual(rpcError(MCP_KEY_REQUIRED_MESSAGE));

    // A key the user typed in: no OAuth sign-in can mend it, so no challenge that would start one (clients such as
    // the MCP Inspector answer every 401 with OAuth), and the reason in the JSON-RPC error.
    for (const headers of [xApiKey(tampered), bearer(tampered)]) {
      const response = await post(headers);
      expect(response.status).toBe(403);
      expect(response.headers.get('www-authenticate')).toBeNull();
      expect(await response.json()).toEqual(rpcError(apiKeyMessages.invalidKey));
    }
    // A signed-in session's token is not an API key.
    const session = await post(bearer(user.token));
    expect(session.status).toBe(401);
    expect(session.headers.get('www-authenticate')).toBe(refusedChallenge);
    expect(await session.json()).toEqual(rpcError(MCP_KEY_REQUIRED_MESSAGE));

    // A revoked key: the same answer, with the API's message for it.
    const revoked = await generateKey(t.app, user.token);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/v1/api-keys/${revoked.id}/revoke`, headers: bearer(user.token) })).statusCode,
    ).toBe(200);
    const refused = await post(xApiKey(revoked.apiKey));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBeNull();
    const body = (await refused.json()) as { jsonrpc: string; error: { code: number; message: string } };
    expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 } });
    expect(body.error.message.length).toBeGreaterThan(0);

    // The SDK's client sees the 403 as a failed connection, with the message.
    const client = new Client({ name: 'lumen-test', version: '1.0.0' });
    await expect(
      client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: xApiKey(tampered) } })),
    ).rejects.toMatchObject({ code: 403, message: expect.stringContaining(apiKeyMessages.invalidKey) });
  });

  it('answers the discovery addresses it does not serve (OpenID) with a JSON 404, not the web page', async () => {
    for (const path of ['/.well-known/openid-configuration', '/.well-known/openid-configuration/mcp', '/.well-known/unknown']) {
      const response = await fetch(new URL(path, endpoint));
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('answers JSON-RPC as JSON with the security, request-id and RateLimit headers, and refuses bad bodies with a 4xx', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token);

    const response = await post(xApiKey(key.apiKey));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('ratelimit-limit')).toBeTruthy();
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'lumen-studio' } } });

    for (const body of ['{not json', '{"hello":"world"}', '', 'null']) {
      const bad = await post(xApiKey(key.apiKey), body);
      expect(bad.status, body).toBeGreaterThanOrEqual(400);
      expect(bad.status, body).toBeLessThan(500);
    }
  });

  it('GET and DELETE are 405 with Allow: POST (stateless), and unknown paths under /mcp are JSON 404s', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await t.app.inject({ method: method as 'GET', url: '/mcp' });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/mcp/anything' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});
