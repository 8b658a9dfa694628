import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { generateKey, verifiedUser } from '../../test/api-key-helpers.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { bearer } from '../../test/http-helpers.ts';
import { fastWorker } from '../../test/job-helpers.ts';
import { MCP_BATCH_TOO_LARGE_MESSAGE, MCP_MAX_BATCH } from './mcp.routes.ts';

let t: TestApp;
let endpoint: URL;
beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`);
});
afterAll(async () => t?.close());

/** `count` tools/call messages of sales_pilot in one JSON-RPC batch. */
const batchOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    jsonrpc: '2.0',
    id: index + 1,
    method: 'tools/call',
    params: {
      name: 'sales_pilot',
      arguments: {
        params: { text: `Seller: Hello, how are you today? This is offer number ${index}. Buyer: Fine, but the price is too high for us.` },
      },
    },
  }));

const postBatch = (apiKey: string, body: unknown) =>
  fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': apiKey },
    body: JSON.stringify(body),
  });

async function account(token: string) {
  const balance = (await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: bearer(token) })).json().data
    .balance as number;
  const jobs = (await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(token) })).json().data.total as number;
  return { balance, jobs };
}

describe('POST /mcp counts every JSON-RPC message against the key', () => {
  it('a batch of 8 tool calls on a key limited to 1 request a minute is refused as a whole: 429, Retry-After, no job, no charge', async () => {
    const user = await verifiedUser(t.app, t.database.db, 20);
    const key = await generateKey(t.app, user.token, { rateLimit: 1 });
    const before = await account(user.token);
    const response = await postBatch(key.apiKey, batchOf(8));
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('ratelimit-remaining')).toBe('0');
    expect(((await response.json()) as { message: string }).message).toMatch(/^Too many requests/);
    expect(await account(user.token)).toEqual(before);
  });

  it('a batch within the limit runs and uses up as many calls as it has messages; the next one past it is refused', async () => {
    const user = await verifiedUser(t.app, t.database.db, 20);
    const key = await generateKey(t.app, user.token, { rateLimit: 10 });
    const before = await account(user.token);
    const response = await postBatch(key.apiKey, batchOf(8));
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-remaining')).toBe('2');
    const answers = (await response.json()) as Array<{ id: number; result?: { isError?: boolean } }>;
    expect(answers).toHaveLength(8);
    expect(answers.every((answer) => answer.result && !answer.result.isError)).toBe(true);
    expect(await account(user.token)).toEqual({ balance: before.balance - 8, jobs: before.jobs + 8 });

    const past = await postBatch(key.apiKey, batchOf(3));
    expect(past.status).toBe(429);
    expect((await account(user.token)).jobs).toBe(before.jobs + 8);
  });

  it(`refuses a batch of more than ${MCP_MAX_BATCH} messages with 400 before running any`, async () => {
    const user = await verifiedUser(t.app, t.database.db, 200);
    const key = await generateKey(t.app, user.token, { rateLimit: 1000 });
    const before = await account(user.token);
    const response = await postBatch(key.apiKey, batchOf(100));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(MCP_BATCH_TOO_LARGE_MESSAGE);
    expect(await account(user.token)).toEqual(before);
  });
});
