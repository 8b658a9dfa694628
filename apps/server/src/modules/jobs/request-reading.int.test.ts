import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinEngines, registryOf } from '@lumen/engines';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';
import { expectLedgerInvariant } from '../../test/credit-helpers.ts';
import { fakeEngine } from '../../test/fake-engines.ts';
import { bearer } from '../../test/http-helpers.ts';
import { salesPilotJob, submitJob } from '../../test/job-helpers.ts';

const lighthouse = 'a lighthouse on a cliff during a storm, oil painting';
const lighthouseRefusal = 'The built-in generator draws no lighthouse; it can draw: tower, house, boat, …';
const door = 'a wooden door creaking open, then footsteps on a stone floor';

/** The built-in engines read a request before it is charged: POST /jobs/preview, and POST /jobs and MCP refuse. */
describe('reading a request before charging it (built-in engines)', () => {
  let t: TestApp;
  let endpoint: URL;
  const clients: Client[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    endpoint = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t?.close();
  });

  const preview = (token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/jobs/preview', headers: bearer(token), payload: payload as Record<string, unknown> });
  const balanceOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: bearer(token) })).json().data.balance as number;
  const jobCount = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(token) })).json().data.total as number;

  it('previews for free what the engine will make, and what it would refuse', async () => {
    const user = await verifiedUser(t.app, t.database.db, 0);
    const fox = await preview(user.token, { service: 'image-generator', params: { prompt: 'a red fox in the snow at sunset' } });
    expect(fox.statusCode).toBe(200);
    expect(fox.json().data).toEqual({
      service: 'image-generator',
      checked: true,
      headline: 'Will draw: red fox, snow, sunset',
      willMake: ['red fox', 'snow', 'sunset'],
      leftOut: [],
      refusal: null,
    });
    const refused = (await preview(user.token, { service: 'image-generator', params: { prompt: lighthouse } })).json().data;
    expect(refused.refusal).toMatchObject({ message: lighthouseRefusal, missing: 'lighthouse' });
    const music = (await preview(user.token, { service: 'sound-generator', params: { prompt: 'lo-fi piano at 80 bpm' } })).json().data;
    expect(music.headline).toBe('Will play: lo-fi, drums, piano, bass, 80 bpm');
    const effects = (await preview(user.token, { service: 'sound-generator', params: { prompt: door } })).json().data;
    expect(effects.refusal.message).toMatch(/^The built-in sound generator makes music, not sound effects/);
    // Services whose engines do not read requests ahead say so.
    const sales = (await preview(user.token, { service: salesPilotJob.service, params: salesPilotJob.params })).json().data;
    expect(sales).toMatchObject({ checked: false, headline: null, refusal: null });
    // Bad params are a 400 as on POST /jobs; no token is a 401; nothing was charged.
    const bad = await preview(user.token, { service: 'image-generator', params: { prompt: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ field: 'params.prompt', message: 'Describe the image you want' }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/jobs/preview', payload: { service: 'image-generator' } })).statusCode).toBe(
      401,
    );
    expect(await balanceOf(user.token)).toBe(0);
  });

  it('POST /jobs refuses what the engine cannot make with a 422, before any credit moves or any job exists', async () => {
    const user = await verifiedUser(t.app, t.database.db, 10);
    const image = await submitJob(t.app, user.token, { service: 'image-generator', params: { prompt: lighthouse } });
    expect(image.statusCode).toBe(422);
    expect(image.json()).toMatchObject({
      success: false,
      message: lighthouseRefusal,
      error: { code: 'UNPROCESSABLE', meta: { missing: 'lighthouse', suggestions: ['tower', 'house', 'boat'] } },
    });
    const sound = await submitJob(t.app, user.token, { service: 'sound-generator', params: { prompt: door } });
    expect(sound.statusCode).toBe(422);
    expect(sound.json().message).toMatch(/makes music, not sound effects/);
    // A voice the synthesiser has none of, asked for first, would have been a charged ensemble without it.
    const bagpipes = await submitJob(t.app, user.token, { service: 'sound-generator', params: { prompt: 'bagpipe music' } });
    expect(bagpipes.statusCode).toBe(422);
    expect(bagpipes.json()).toMatchObject({
      message: expect.stringMatching(/no voice or instrument for “bagpipe”/),
      error: { meta: { missing: 'bagpipe' } },
    });
    expect(await balanceOf(user.token)).toBe(10);
    expect(await jobCount(user.token)).toBe(0);
    await expectLedgerInvariant(t.database.db, user.id);
    // What it can make is accepted and charged as before.
    const fox = await submitJob(t.app, user.token, { service: 'image-generator', params: { prompt: 'a red fox in the snow at sunset' } });
    expect(fox.statusCode).toBe(201);
    expect(await balanceOf(user.token)).toBeLessThan(10);
  });

  it('an MCP tool call gets the same refusal, and nothing is charged', async () => {
    const user = await verifiedUser(t.app, t.database.db, 10);
    const key = await generateKey(t.app, user.token);
    const client = new Client({ name: 'lumen-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: xApiKey(key.apiKey) } }));
    clients.push(client);
    const result = (await client.callTool({ name: 'image_generator', arguments: { params: { prompt: lighthouse } } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')).toContain(lighthouseRefusal);
    expect(await balanceOf(user.token)).toBe(10);
    expect(await jobCount(user.token)).toBe(0);
  });
});

describe('a hosted provider is not held to the built-in engine’s vocabulary', () => {
  let t: TestApp;
  beforeAll(async () => {
    const hosted = { ...fakeEngine('image-generator'), kind: 'remote' as const, label: 'Hosted test model' };
    t = await buildTestApp({ jobs: { engines: registryOf({ ...builtinEngines, 'image-generator': hosted }) } });
  });
  afterAll(async () => t?.close());

  it('accepts the lighthouse, and its preview says it was not read ahead', async () => {
    const user = await verifiedUser(t.app, t.database.db, 10);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs/preview',
      headers: bearer(user.token),
      payload: { service: 'image-generator', params: { prompt: lighthouse } },
    });
    expect(read.json().data).toMatchObject({ checked: false, refusal: null });
    expect((await submitJob(t.app, user.token, { service: 'image-generator', params: { prompt: lighthouse } })).statusCode).toBe(201);
  });
});
