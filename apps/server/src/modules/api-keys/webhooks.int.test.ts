import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookEventSchema } from '@lumen/core/api-keys/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant } from '../../test/credit-helpers.ts';
import { fastWorker, salesPilotJob, submitJob, waitForJob } from '../../test/job-helpers.ts';
import { fakeEngine, fakeRegistry } from '../../test/fake-engines.ts';
import { apiKeys, webhookDeliveries } from './tables.ts';
import { generateKey, verifiedUser } from '../../test/api-key-helpers.ts';
import { createWebhookDispatcher } from './webhook-dispatcher.ts';
import { isPrivateAddress } from './webhook-url-policy.ts';

type Received = { headers: Record<string, string | string[] | undefined>; body: string };

let t: TestApp;
let baseUrl = '';
const received = new Map<string, Received[]>();
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const list = received.get(request.url ?? '') ?? [];
    list.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    received.set(request.url ?? '', list);
    response.statusCode = request.url === '/broken' ? 500 : 204;
    response.end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await buildTestApp({
    jobs: {
      runWorker: true,
      worker: fastWorker,
      engines: fakeRegistry({}, { 'sound-generator': fakeEngine('sound-generator', { fail: new Error('synthesiser exploded') }) }),
    },
    // Dispatched by hand below; the retry schedule is shortened from 1 s, 5 s, 30 s, 2 min, 10 min.
    apiKeys: { runWebhooks: false, webhooks: { backoffMs: [0, 0, 0, 0, 0], timeoutMs: 2_000 } },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

/** The documented verification: HMAC-SHA256 of "<t>.<raw body>" with the webhook secret, hex, compared in constant time. */
function verifySignature(header: string, body: string, secret: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('job webhooks', () => {
  it('POSTs job.succeeded and job.failed signed with the key secret', async () => {
    const user = await verifiedUser(t.app, t.database.db, 10);
    const key = await generateKey(t.app, user.token, { webhookUrl: `${baseUrl}/hook` });
    const secret = key.webhookSecret!;
    const ok = (await submitJob(t.app, key.apiKey, salesPilotJob)).json().data;
    const bad = (await submitJob(t.app, key.apiKey, { service: 'sound-generator', params: { prompt: 'rain' }, files: {} })).json().data;
    expect((await waitForJob(t.app, user.token, ok.id)).status).toBe('succeeded');
    expect((await waitForJob(t.app, user.token, bad.id)).status).toBe('failed');
    // The job's event stream takes the key too, with its RateLimit headers.
    const stream = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${ok.id}/events`, headers: { 'x-api-key': key.apiKey } });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(stream.headers['ratelimit-limit']).toBe('100');
    await t.app.apiKeys.webhooks.runOnce();
    const calls = received.get('/hook') ?? [];
    expect(calls).toHaveLength(2);
    const events = calls.map((call) => {
      expect(verifySignature(String(call.headers['lumen-signature']), call.body, secret)).toBe(true);
      expect(verifySignature(String(call.headers['lumen-signature']), `${call.body} `, secret)).toBe(false);
      expect(verifySignature(String(call.headers['lumen-signature']), call.body, 'whsec_wrong')).toBe(false);
      const event = webhookEventSchema.parse(JSON.parse(call.body));
      expect(call.headers['lumen-event-id']).toBe(event.id);
      return event;
    });
    const byJob = new Map(events.map((event) => [event.data.job.id, event]));
    expect(byJob.get(ok.id)?.type).toBe('job.succeeded');
    expect(byJob.get(bad.id)).toMatchObject({ type: 'job.failed', data: { job: { status: 'failed', refunded: true } } });
    const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.keyId, key.id));
    expect(rows.map((row) => row.status)).toEqual(['delivered', 'delivered']);
    // Nothing is sent twice.
    await t.app.apiKeys.webhooks.runOnce();
    expect(received.get('/hook')).toHaveLength(2);
  });

  it('retries a failing endpoint, then gives up without touching the job', async () => {
    const user = await verifiedUser(t.app, t.database.db, 10);
    const key = await generateKey(t.app, user.token, { webhookUrl: `${baseUrl}/broken` });
    const job = (await submitJob(t.app, key.apiKey, salesPilotJob)).json().data;
    expect((await waitForJob(t.app, user.token, job.id)).status).toBe('succeeded');
    for (let round = 0; round < 8; round += 1) await t.app.apiKeys.webhooks.runOnce();
    expect(received.get('/broken')).toHaveLength(6);
    const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.keyId, key.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 6, lastStatus: 500, lastError: 'HTTP 500' });
    expect((await waitForJob(t.app, user.token, job.id)).status).toBe('succeeded');
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(9);
  });

  it('waits between attempts on the schedule (injected clock)', async () => {
    let now = new Date(Date.now() + 60_000);
    const user = await verifiedUser(t.app, t.database.db, 10);
    const key = await generateKey(t.app, user.token, { webhookUrl: `${baseUrl}/broken` });
    const job = (await submitJob(t.app, key.apiKey, salesPilotJob)).json().data;
    await waitForJob(t.app, user.token, job.id);
    const dispatcher = createWebhookDispatcher({
      db: t.database.db,
      jwtSecret: t.config.jwtSecret,
      nodeEnv: 'test',
      log: t.app.log,
      now: () => now,
      backoffMs: [1_000, 5_000],
    });
    const attempts = async () => (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.keyId, key.id)))[0]!;
    await dispatcher.runOnce();
    expect((await attempts()).attempts).toBe(1);
    await dispatcher.runOnce();
    expect((await attempts()).attempts).toBe(1); // 1 s has not passed
    now = new Date(now.getTime() + 1_000);
    await dispatcher.runOnce();
    expect((await attempts()).attempts).toBe(2);
    now = new Date(now.getTime() + 4_000);
    await dispatcher.runOnce();
    expect((await attempts()).attempts).toBe(2);
    now = new Date(now.getTime() + 1_000);
    await dispatcher.runOnce();
    expect(await attempts()).toMatchObject({ attempts: 3, status: 'failed' });
  });
});

describe('production webhook delivery', () => {
  it('connects to the one address it checked; a name that answers private the next time is refused', async () => {
    const port = new URL(baseUrl).port;
    // Never resolvable (RFC 6761): a second, system resolution could not reach the test server.
    const hookUrl = `http://hooks.example.invalid:${port}/rebind`;
    const answers = ['127.0.0.1', '169.254.169.254'];
    const lookups: string[] = [];
    const dispatcher = createWebhookDispatcher({
      db: t.database.db,
      jwtSecret: t.config.jwtSecret,
      nodeEnv: 'production',
      log: t.app.log,
      backoffMs: [0, 0, 0, 0, 0],
      timeoutMs: 2_000,
      lookup: async (hostname) => {
        lookups.push(hostname);
        const address = answers[Math.min(lookups.length, answers.length) - 1]!;
        return [{ address, family: 4 }];
      },
      // The local test server stands in for a public host.
      isPrivateAddress: (address) => address !== '127.0.0.1' && isPrivateAddress(address),
    });
    const user = await verifiedUser(t.app, t.database.db, 10);
    const key = await generateKey(t.app, user.token, { webhookUrl: `${baseUrl}/rebind` });
    await t.database.db.update(apiKeys).set({ webhookUrl: hookUrl }).where(eq(apiKeys.id, key.id));
    const rows = async () =>
      t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.keyId, key.id)).orderBy(webhookDeliveries.createdAt);

    const first = (await submitJob(t.app, key.apiKey, salesPilotJob)).json().data;
    expect((await waitForJob(t.app, user.token, first.id)).status).toBe('succeeded');
    await dispatcher.runOnce();
    expect(lookups).toEqual(['hooks.example.invalid']);
    const calls = received.get('/rebind') ?? [];
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.host).toBe(`hooks.example.invalid:${port}`);
    expect((await rows()).map((row) => row.status)).toEqual(['delivered']);

    const second = (await submitJob(t.app, key.apiKey, salesPilotJob)).json().data;
    expect((await waitForJob(t.app, user.token, second.id)).status).toBe('succeeded');
    await dispatcher.runOnce();
    expect(lookups).toHaveLength(2);
    expect(received.get('/rebind')).toHaveLength(1);
    expect((await rows())[1]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatus: null,
      lastError: 'The webhook host resolves to a private address',
    });
  });
});
