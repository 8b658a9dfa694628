import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { jobCancelledMessage } from '@lumen/core/jobs/schemas';
import type { Job } from '@lumen/core/jobs/schemas';
import { createEngineRegistry } from '@lumen/engines';
import type { EnginesConfig } from '@lumen/engines';
import { serveReplicate, signStandardWebhook, startFakeServer } from '@lumen/engines/testing';
import type { FakeServer, RecordedRequest } from '@lumen/engines/testing';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, salesPilotJob, submitJob } from '../../test/job-helpers.ts';
import { falEnginesConfig, replicateSettings, startFakeFal } from '../../test/fake-fal-app.ts';
import { createJobEvents } from '../jobs/job-events.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { jobProviders } from './job-providers.ts';
import type { JobWorkerOptions } from '../jobs/job-worker.ts';
import { jobs } from '../jobs/tables.ts';
import { providerRequests } from './tables.ts';

/**
 * Jobs on Replicate, submitted through the routes and run by the worker, so that every provider name
 * in these tests is the one the code stored (never a hand-written row): the webhook URL, the job row,
 * the registry's verifier, cancel and resume must all name Replicate the same way.
 */
const TOKEN = 'r8_identity';
const SECRET = `whsec_${Buffer.from('identity test signing secret 32b').toString('base64')}`;
const MODEL = 'black-forest-labs/flux-schnell';
const WEBHOOKS_URL = 'https://studio.example.com/api/v1/webhooks/providers';

let replicate: FakeServer;
let fal: Awaited<ReturnType<typeof startFakeFal>>;
let model: { output?: unknown; endless?: boolean };
let protocol: ReturnType<typeof serveReplicate>;
let t: TestApp;
let token: string;
let userId: string;

/** Image generation on Replicate first; `providers` changes the order (an admin or a redeploy can). */
const config = (providers: ('replicate' | 'fal')[] = ['replicate'], extra: Partial<EnginesConfig> = {}): EnginesConfig => ({
  ...falEnginesConfig(fal.server, { replicate: { ...replicateSettings(replicate.url, TOKEN), webhookSecret: SECRET } }),
  providers: { 'image-generator': providers },
  ...extra,
});

const creates = () =>
  replicate.requests.filter((request) => request.method === 'POST' && request.path === `/v1/models/${MODEL}/predictions`);
const cancels = () => replicate.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/cancel'));
const rowOf = async (id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
/** The job's provider requests on record, oldest first: provider, request id, state, whether we asked to cancel. */
const requestsOf = async (id: string) =>
  (await t.database.db.select().from(providerRequests).where(eq(providerRequests.jobId, id)).orderBy(providerRequests.submittedAt)).map(
    (r) => ({ provider: r.provider, requestId: r.requestId, state: r.state, cancelled: r.cancelRequestedAt !== null }),
  );

async function runWorker(providers?: ('replicate' | 'fal')[], options: Partial<JobWorkerOptions> = {}, extra: Partial<EnginesConfig> = {}) {
  const run = createJobWorker({
    providers: jobProviders,
    db: t.database.db,
    storage: t.app.storage,
    engines: createEngineRegistry(config(providers, extra), { pollIntervalMs: 20 }),
    events: createJobEvents(),
    log: t.app.log,
    options: { ...fastWorker, webhookHoldMs: 0, atProviderRecheckMs: 60_000, ...options },
    providerWebhooksUrl: WEBHOOKS_URL,
  });
  run.start();
  await run.idle();
  await run.stop();
}

async function submitFox(): Promise<Job> {
  const response = await submitJob(t.app, token, { service: 'image-generator', params: { prompt: 'a red fox in the snow' }, files: {} });
  expect(response.statusCode).toBe(201);
  return response.json().data as Job;
}

/** A delivery as Replicate sends it: the prediction as the body, Standard Webhooks headers. */
function deliver(requestId: string, provider = 'replicate') {
  const body = JSON.stringify({ id: requestId, status: 'succeeded', output: [`${replicate.url}/files/fox.png`] });
  const id = `msg_${randomUUID()}`;
  const timestamp = Math.floor(Date.now() / 1000);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/webhooks/providers/${provider}`,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signStandardWebhook(SECRET, id, timestamp, body),
    },
    payload: body,
  });
}

beforeAll(async () => {
  fal = await startFakeFal();
  replicate = await startFakeServer();
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a50c0' } })
    .png()
    .toBuffer();
  model = { output: [] };
  protocol = serveReplicate(replicate, { token: TOKEN, models: { [MODEL]: model }, files: { 'fox.png': png }, webhookSecret: SECRET });
  model.output = [`${replicate.url}/files/fox.png`];
  t = await buildTestApp({ jobs: { runWorker: false, engines: createEngineRegistry(config(), { pollIntervalMs: 20 }) } });
  const user = await registerUser(t.app);
  token = user.accessToken;
  userId = user.user.id;
});
afterAll(async () => {
  await t.close();
  await replicate.close();
  await fal.server.close();
});
beforeEach(async () => {
  replicate.requests.length = 0;
  fal.server.requests.length = 0;
  model.endless = false;
  replicate.handle(protocol.handler);
  fal.server.handle(fal.handler);
  fal.endpoint.endless = false;
  await setBalance(t.database.db, userId, 100);
});

describe('one provider id from the job row to the webhook, cancel and resume (Replicate)', () => {
  it('stores "replicate", submits with …/webhooks/providers/replicate, and a signed delivery there completes the job: one create', async () => {
    const job = await submitFox();
    await runWorker();
    const waiting = await rowOf(job.id);
    expect(waiting).toMatchObject({ status: 'at_provider', provider: 'replicate', providerModel: MODEL });
    expect(creates()).toHaveLength(1);
    expect((creates()[0]!.body as { webhook?: string }).webhook).toBe(`${WEBHOOKS_URL}/replicate`);

    const delivered = await deliver(waiting.providerRequestId!);
    expect(delivered.statusCode).toBe(200);
    expect((await rowOf(job.id)).status).toBe('queued');
    await runWorker();
    expect(await rowOf(job.id)).toMatchObject({ status: 'succeeded', provider: 'replicate', refundedAt: null });
    expect(creates()).toHaveLength(1);
    expect(await requestsOf(job.id)).toEqual([
      { provider: 'replicate', requestId: waiting.providerRequestId, state: 'succeeded', cancelled: false },
    ]);
    // A display name is not a provider id.
    expect((await deliver(waiting.providerRequestId!, 'Replicate')).statusCode).toBe(404);
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100 - job.cost);
  });

  it('a user cancel of a job waiting at Replicate reaches Replicate exactly once', async () => {
    model.endless = true;
    const job = await submitFox();
    await runWorker();
    const waiting = await rowOf(job.id);
    expect(waiting.status).toBe('at_provider');
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/jobs/${job.id}/cancel`, headers: bearer(token) });
    expect(cancelled.statusCode).toBe(200);
    expect(cancels().map((request) => request.path)).toEqual([`/v1/predictions/${waiting.providerRequestId}/cancel`]);
    expect(await rowOf(job.id)).toMatchObject({ status: 'failed', error: jobCancelledMessage });
    expect(await requestsOf(job.id)).toEqual([
      { provider: 'replicate', requestId: waiting.providerRequestId, state: 'cancelled', cancelled: true },
    ]);
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100);
  });

  it('a resumed job goes back to Replicate, which holds its request, even when fal now comes first', async () => {
    const job = await submitFox();
    await runWorker(['replicate']);
    expect((await rowOf(job.id)).status).toBe('at_provider');
    await t.database.db
      .update(jobs)
      .set({ runAfter: sql`now()` })
      .where(eq(jobs.id, job.id));
    await runWorker(['fal', 'replicate']);
    expect(await rowOf(job.id)).toMatchObject({ status: 'succeeded', provider: 'replicate' });
    expect(creates()).toHaveLength(1);
    expect(fal.submissions()).toHaveLength(0);
  });
});

describe('a Replicate request is sent once, never moved once accepted, and cancelled once (requests counted by the fake)', () => {
  /** Replicate's protocol, with `change` answering some requests differently. */
  const answer = (change: (request: RecordedRequest) => ReturnType<typeof protocol.handler> | null) =>
    replicate.handle((request) => change(request) ?? protocol.handler(request));
  const isCreate = (request: RecordedRequest) => request.method === 'POST' && request.path === `/v1/models/${MODEL}/predictions`;

  it('a 502 after Replicate took the create: the prediction is found in its listing and the job goes on with it (decision 089): one create, no other provider', async () => {
    answer((request) => (isCreate(request) ? { ...protocol.handler(request)!, status: 502, body: { detail: 'Bad gateway' } } : null));
    // A prompt of its own: an identical prediction made by another test a moment ago could not be told apart from ours.
    const response = await submitJob(t.app, token, { service: 'image-generator', params: { prompt: `a fox ${randomUUID()}` }, files: {} });
    const job = response.json().data as Job;
    await runWorker(['replicate', 'fal'], { maxAttempts: 3 }, { retries: 3 });
    const waiting = await rowOf(job.id);
    expect(waiting.status).toBe('at_provider');
    expect(creates()).toHaveLength(1);
    expect(replicate.requests.filter((request) => request.path.startsWith('/v1/predictions?created_after='))).toHaveLength(1);
    expect(fal.submissions()).toHaveLength(0);
    const [held] = await requestsOf(job.id);
    expect(held).toMatchObject({ provider: 'replicate', state: 'live', cancelled: false });
    expect((await deliver(held!.requestId)).statusCode).toBe(200);
    await runWorker(['replicate', 'fal']);
    expect((await rowOf(job.id)).status).toBe('succeeded');
    expect(creates()).toHaveLength(1);
  });

  it('a 429 with Retry-After on the create is sent again after the wait, and the job succeeds on one prediction', async () => {
    const createdAt: number[] = [];
    answer((request) => {
      if (!isCreate(request)) return null;
      createdAt.push(Date.now());
      return createdAt.length === 1
        ? {
            status: 429,
            headers: { 'retry-after': '1' },
            body: { title: 'Request was throttled', detail: 'Request was throttled. Expected available in 1 second.', status: 429 },
          }
        : null;
    });
    const before = protocol.predictions.size;
    const job = await submitFox();
    await runWorker(['replicate'], { webhookHoldMs: 60_000 }, { retries: 3 });
    expect(await rowOf(job.id)).toMatchObject({ status: 'succeeded', provider: 'replicate' });
    expect(creates()).toHaveLength(2);
    expect(createdAt[1]! - createdAt[0]!).toBeGreaterThanOrEqual(950);
    expect(protocol.predictions.size - before).toBe(1);
  });

  it('status reads failing until the deadline: no second create anywhere, one cancel, the job failed and refunded', async () => {
    answer((request) =>
      request.method === 'GET' && request.path.startsWith('/v1/predictions/')
        ? { status: 500, body: { detail: 'Internal server error' } }
        : null,
    );
    const job = await submitFox();
    await runWorker(
      ['replicate', 'fal'],
      { webhookHoldMs: 60_000, timeoutMs: { 'image-generator': 1500 }, maxAttempts: 3 },
      { retries: 1 },
    );
    // The run sends the cancel without waiting for Replicate's answer (the job fails at its deadline, not after the
    // provider answers): wait for it to arrive, or a late one would be counted by the next test.
    await expect.poll(() => cancels().length, { timeout: 15_000 }).toBe(1);
    const failed = await rowOf(job.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'The job took longer than 2 seconds and was stopped. Your credits were refunded.',
    });
    expect(creates()).toHaveLength(1);
    expect(fal.submissions()).toHaveLength(0);
    expect(cancels()).toHaveLength(1);
    expect(await requestsOf(job.id)).toMatchObject([{ provider: 'replicate', state: 'cancelled', cancelled: true }]);
    expect(replicate.requests.filter((request) => request.method === 'GET').length).toBeGreaterThan(2);
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100);
  });

  it('a user cancel of a running job reaches Replicate exactly once (the worker that ran it does not cancel again)', async () => {
    model.endless = true;
    const job = await submitFox();
    const run = createJobWorker({
      providers: jobProviders,
      db: t.database.db,
      storage: t.app.storage,
      engines: createEngineRegistry(config(), { pollIntervalMs: 20 }),
      events: createJobEvents(),
      log: t.app.log,
      options: { ...fastWorker, heartbeatIntervalMs: 50, webhookHoldMs: 60_000 },
      providerWebhooksUrl: WEBHOOKS_URL,
    });
    run.start();
    for (let tries = 0; (await rowOf(job.id)).providerRequestId === null && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/jobs/${job.id}/cancel`, headers: bearer(token) })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await run.idle();
    await run.stop();
    expect(await rowOf(job.id)).toMatchObject({ status: 'failed', error: jobCancelledMessage });
    expect(cancels()).toHaveLength(1);
    expect(creates()).toHaveLength(1);
    expect(await requestsOf(job.id)).toMatchObject([{ provider: 'replicate', state: 'cancelled', cancelled: true }]);
  });

  it('keeps every request of a job: one Replicate cancelled on its side, then the retry’s new one that succeeded', async () => {
    let first: string | undefined;
    answer((request) => {
      const read = /^\/v1\/predictions\/([^/]+)$/.exec(request.path);
      if (request.method !== 'GET' || !read) return null;
      first ??= read[1];
      if (read[1] !== first) return null;
      const reply = protocol.handler(request)!;
      return { ...reply, body: { ...(reply.body as object), status: 'canceled', output: null } };
    });
    const job = await submitFox();
    await runWorker(['replicate'], { webhookHoldMs: 60_000, maxAttempts: 3 });
    // The retry waits its backoff (10 ms here) before a worker may take it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runWorker(['replicate'], { webhookHoldMs: 60_000, maxAttempts: 3 });
    expect(await rowOf(job.id)).toMatchObject({ status: 'succeeded', provider: 'replicate' });
    expect(creates()).toHaveLength(2);
    const kept = await requestsOf(job.id);
    expect(kept).toMatchObject([
      { provider: 'replicate', requestId: first, state: 'cancelled', cancelled: false },
      { provider: 'replicate', state: 'succeeded', cancelled: false },
    ]);
    expect(kept[1]!.requestId).not.toBe(first);
    expect(cancels()).toHaveLength(0);
  });
});

describe('a fal request is sent once and cancelled once (requests counted by the fake)', () => {
  const falCancels = () => fal.server.requests.filter((request) => request.method === 'PUT' && request.path.endsWith('/cancel'));

  it('a 502 after fal queued the request: one submission, no retry and no other provider; failed and refunded', async () => {
    fal.server.handle(async (request) => {
      const reply = await fal.handler(request);
      return request.method === 'POST' && request.path.startsWith('/fal-ai/flux/schnell')
        ? { status: 502, body: { detail: 'Bad gateway' } }
        : reply;
    });
    const job = await submitFox();
    await runWorker(['fal', 'replicate'], { maxAttempts: 3 }, { retries: 3 });
    expect(await rowOf(job.id)).toMatchObject({ status: 'failed' });
    expect((await rowOf(job.id)).refundedAt).not.toBeNull();
    expect(fal.submissions()).toHaveLength(1);
    expect(creates()).toHaveLength(0);
  });

  it('status reads failing until the deadline: one submission, one cancel at fal', async () => {
    fal.server.handle((request) =>
      request.method === 'GET' && request.path.endsWith('/status')
        ? { status: 503, body: { detail: 'Unavailable' } }
        : fal.handler(request),
    );
    const job = await submitFox();
    await runWorker(['fal', 'replicate'], { webhookHoldMs: 60_000, timeoutMs: { 'image-generator': 1500 } }, { retries: 1 });
    expect(await rowOf(job.id)).toMatchObject({ status: 'failed' });
    // As at Replicate: the cancel is sent without waiting for fal's answer.
    await expect.poll(() => falCancels().length, { timeout: 15_000 }).toBe(1);
    expect(fal.submissions()).toHaveLength(1);
    expect(creates()).toHaveLength(0);
    expect(falCancels()).toHaveLength(1);
    expect(await requestsOf(job.id)).toMatchObject([{ provider: 'fal', state: 'cancelled', cancelled: true }]);
  });
});

describe('what a run cost, from the provider’s own usage figure (OpenAI Chat Completions usage)', () => {
  it('records the cost of a sales-pilot run from the tokens OpenAI reports, and of a billed cut-off answer that failed', async () => {
    const openai = await startFakeServer();
    // Chat Completions' usage object: 800 uncached + 200 cached prompt tokens and 500 completion tokens of gpt-4o-mini.
    const usage = { prompt_tokens: 1000, completion_tokens: 500, total_tokens: 1500, prompt_tokens_details: { cached_tokens: 200 } };
    let content = '';
    let finish = 'stop';
    openai.handle((request) =>
      request.method === 'POST' && request.path === '/v1/chat/completions'
        ? {
            status: 200,
            body: {
              id: 'chatcmpl-1',
              object: 'chat.completion',
              model: 'gpt-4o-mini-2024-07-18',
              choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content, refusal: null } }],
              usage,
            },
          }
        : undefined,
    );
    const salesPilot = {
      kinds: { ...config().kinds, 'sales-pilot': 'remote' as const },
      providers: { 'sales-pilot': ['openai' as const] },
      openai: { apiKey: 'sk-test', baseUrl: openai.url, model: 'gpt-4o-mini', imageModel: 'gpt-image-1', imageQuality: 'medium' as const },
    };
    try {
      // A report the sales pilot's schema accepts: the built-in engine's own, for the same text.
      const builtIn = await submitJob(t.app, token, salesPilotJob);
      expect(builtIn.statusCode).toBe(201);
      await runWorker(['replicate'], {}, {});
      const reference = await rowOf((builtIn.json().data as Job).id);
      expect(reference.status).toBe('succeeded');
      content = JSON.stringify(reference.summary);

      const job = (await submitJob(t.app, token, salesPilotJob)).json().data as Job;
      await runWorker(['replicate'], {}, salesPilot);
      expect(await rowOf(job.id)).toMatchObject({
        status: 'succeeded',
        provider: 'openai',
        providerModel: 'gpt-4o-mini',
        providerCostMicroUsd: 435,
      });

      finish = 'length';
      const cut = (await submitJob(t.app, token, salesPilotJob)).json().data as Job;
      await runWorker(['replicate'], {}, salesPilot);
      const failed = await rowOf(cut.id);
      expect(failed).toMatchObject({ status: 'failed', provider: 'openai', providerModel: 'gpt-4o-mini', providerCostMicroUsd: 435 });
      expect(failed.refundedAt).not.toBeNull();
    } finally {
      await openai.close();
    }
  });
});
