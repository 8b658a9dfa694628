import { randomUUID } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobCancelledMessage } from '@lumen/core/jobs/schemas';
import type { Job } from '@lumen/core/jobs/schemas';
import { createEngineRegistry } from '@lumen/engines';
import { falSigningKeys, serveReplicate, signFalDelivery, signStandardWebhook, startFakeServer } from '@lumen/engines/testing';
import type { FakeFalEndpoint, FakeServer } from '@lumen/engines/testing';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, holdByDeadWorker, submitJob, until } from '../../test/job-helpers.ts';
import { FAL_IMAGE_MODEL, falEnginesConfig, replicateSettings, startFakeFal } from '../../test/fake-fal-app.ts';
import { createJobEvents } from '../jobs/job-events.ts';
import { leaveAtProvider } from '../jobs/job-outcome.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { jobProviders } from './job-providers.ts';
import type { JobWorkerOptions } from '../jobs/job-worker.ts';
import { hostedTimeoutsOf } from '../jobs/service-catalogue.ts';
import { sweepStuckJobs } from '../jobs/sweeper.ts';
import { jobs } from '../jobs/tables.ts';

const MODEL = FAL_IMAGE_MODEL;
const REPLICATE_TOKEN = 'r8_test';
const REPLICATE_SECRET = `whsec_${Buffer.from('a webhook signing secret of 32 b').toString('base64')}`;
const WEBHOOKS_URL = 'https://studio.example.com/api/v1/webhooks/providers';

let fal: Awaited<ReturnType<typeof startFakeFal>>;
let replicate: FakeServer;
let endpoint: FakeFalEndpoint;
let t: TestApp;
let engines: ReturnType<typeof createEngineRegistry>;
let token: string;
let userId: string;

const submissions = () => fal.submissions();
const cancels = () => fal.cancels();
const rowOf = async (id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

const worker = (options: Partial<JobWorkerOptions> = {}) =>
  createJobWorker({
    providers: jobProviders,
    db: t.database.db,
    storage: t.app.storage,
    engines,
    events: createJobEvents(),
    log: t.app.log,
    options: { ...fastWorker, webhookHoldMs: 0, atProviderRecheckMs: 60_000, ...options },
    providerWebhooksUrl: WEBHOOKS_URL,
  });

async function submitFoxJob(): Promise<Job> {
  const response = await submitJob(t.app, token, { service: 'image-generator', params: { prompt: 'a red fox in the snow' }, files: {} });
  expect(response.statusCode).toBe(201);
  return response.json().data as Job;
}

/** A delivery as fal sends it: the result in the body, X-Fal-Webhook-* headers signed with `key`. */
function falDelivery(requestId: string, options: { key?: KeyObject; timestamp?: number } = {}) {
  const body = JSON.stringify({ request_id: requestId, gateway_request_id: requestId, status: 'OK', payload: endpoint.output });
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const headers = signFalDelivery(options.key ?? fal.signingKey, { requestId, userId: 'fal-user', timestamp, body });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/providers/fal',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: body,
  });
}

/** Runs a worker until it has nothing left to do now (jobs at their provider are not its work). */
async function runWorker(options: Partial<JobWorkerOptions> = {}) {
  const run = worker(options);
  run.start();
  await run.idle();
  await run.stop();
}

beforeAll(async () => {
  fal = await startFakeFal();
  endpoint = fal.endpoint;
  replicate = await startFakeServer();
  serveReplicate(replicate, { token: REPLICATE_TOKEN, models: {}, files: {}, webhookSecret: REPLICATE_SECRET });
  engines = createEngineRegistry(
    falEnginesConfig(fal.server, {
      replicate: replicateSettings(replicate.url, REPLICATE_TOKEN),
      fashn: { apiKey: 'fa-test', baseUrl: replicate.url, model: 'tryon-v1.6' },
    }),
    { pollIntervalMs: 20 },
  );
  t = await buildTestApp({ jobs: { runWorker: false, engines } });
  const user = await registerUser(t.app);
  token = user.accessToken;
  userId = user.user.id;
});
afterAll(async () => {
  await t.close();
  await fal.server.close();
  await replicate.close();
});
beforeEach(async () => {
  fal.server.requests.length = 0;
  endpoint.endless = false;
  await setBalance(t.database.db, userId, 100);
});

describe('jobs left at a hosted provider until its webhook', () => {
  it('frees the worker while the provider works, shows "at_provider", and finishes on a verified webhook: one submission, one charge', async () => {
    const job = await submitFoxJob();
    await runWorker();
    const waiting = await rowOf(job.id);
    expect(waiting).toMatchObject({ status: 'at_provider', workerId: null, provider: 'fal', attempts: 0 });
    expect(submissions()).toHaveLength(1);
    expect(submissions()[0]!.path).toBe(`/${MODEL}?fal_webhook=${encodeURIComponent(`${WEBHOOKS_URL}/fal`)}`);
    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}`, headers: bearer(token) });
    expect(seen.json().data.status).toBe('at_provider');

    const delivered = await falDelivery(waiting.providerRequestId!);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ success: true, data: { received: true } });
    expect((await rowOf(job.id)).status).toBe('queued');
    await runWorker();
    const done = await rowOf(job.id);
    expect(done).toMatchObject({ status: 'succeeded', providerRequestId: waiting.providerRequestId, attempts: 1, refundedAt: null });
    expect(submissions()).toHaveLength(1);

    // The same delivery again, late: nothing changes.
    const duplicate = await falDelivery(waiting.providerRequestId!);
    expect(duplicate.statusCode).toBe(200);
    expect(await rowOf(job.id)).toEqual(done);
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100 - job.cost);
  });

  it('refuses forged and replayed deliveries: 400, and the job stays at its provider', async () => {
    const job = await submitFoxJob();
    await runWorker();
    const waiting = await rowOf(job.id);
    expect(waiting.status).toBe('at_provider');
    const requestId = waiting.providerRequestId!;

    const forged = await falDelivery(requestId, { key: falSigningKeys().privateKey });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/could not be verified: signature does not match/);
    const replayed = await falDelivery(requestId, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toMatch(/five-minute window/);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/providers/fal',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ request_id: requestId, status: 'OK' }),
    });
    expect(unsigned.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/providers/nobody', payload: '{}' });
    expect(unknown.statusCode).toBe(404);
    expect(await rowOf(job.id)).toEqual(waiting);
    await t.app.inject({ method: 'POST', url: `/api/v1/jobs/${job.id}/cancel`, headers: bearer(token) });
  });

  it('a webhook that comes before the worker left the job: the worker queues the job at once instead of leaving it', async () => {
    const job = await submitFoxJob();
    await holdByDeadWorker(t.database.db, job.id, {
      workerId: 'this-worker',
      attempts: 1,
      provider: 'fal',
      providerModel: MODEL,
      providerRequestId: 'req-early',
    });
    const early = await falDelivery('req-early');
    expect(early.statusCode).toBe(200);
    expect((await rowOf(job.id)).providerNotifiedAt).not.toBeNull();
    const left = await leaveAtProvider(t.database.db, { jobId: job.id, workerId: 'this-worker', recheckAfterMs: 60_000 });
    expect(left).toMatchObject({ status: 'queued', providerNotifiedAt: null, workerId: null, attempts: 0 });
    expect(left!.runAfter.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('looks at a job whose webhook never came after the re-check time, and finishes it on the same request', async () => {
    const job = await submitFoxJob();
    await runWorker();
    expect((await rowOf(job.id)).status).toBe('at_provider');
    await t.database.db
      .update(jobs)
      .set({ runAfter: sql`now()` })
      .where(eq(jobs.id, job.id));
    await runWorker();
    expect(await rowOf(job.id)).toMatchObject({ status: 'succeeded', refundedAt: null });
    expect(submissions()).toHaveLength(1);
  });

  it('fails, refunds and cancels at the provider a job its provider did not finish within the timeout', async () => {
    endpoint.endless = true;
    const job = await submitFoxJob();
    await runWorker();
    const waiting = await rowOf(job.id);
    expect(waiting.status).toBe('at_provider');
    await t.database.db
      .update(jobs)
      .set({ providerSubmittedAt: sql`now() - interval '1 hour'` })
      .where(eq(jobs.id, job.id));
    const swept = await sweepStuckJobs(t.database.db, {
      providers: jobProviders,
      staleAfterMs: 30_000,
      timeouts: { hostedMs: hostedTimeoutsOf(engines), overrides: { 'image-generator': 1000 } },
      graceMs: 0,
      cancelRequest: (request) => engines.cancelRequest(request),
    });
    // Jobs earlier tests left at the provider are past this 1 s timeout too.
    expect(swept).toContain(job.id);
    const failed = await rowOf(job.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'The job took longer than 1 seconds and was stopped. Your credits were refunded.',
    });
    expect(failed.refundedAt).not.toBeNull();
    expect(cancels().map((request) => request.path)).toContain(`/fal-ai/flux/requests/${waiting.providerRequestId}/cancel`);
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100);
    // The request's late webhook changes nothing.
    expect((await falDelivery(waiting.providerRequestId!)).statusCode).toBe(200);
    expect(await rowOf(job.id)).toEqual(failed);
  });

  it('checks Replicate’s Standard Webhooks signature (secret read from Replicate) and queues the job it names', async () => {
    const job = await submitFoxJob();
    const requestId = `rep-${randomUUID()}`;
    await t.database.db
      .update(jobs)
      .set({ status: 'at_provider', provider: 'replicate', providerModel: 'black-forest-labs/flux-schnell', providerRequestId: requestId })
      .where(eq(jobs.id, job.id));
    const body = JSON.stringify({ id: requestId, status: 'succeeded', output: ['https://replicate.delivery/x.png'] });
    const deliver = (secret: string, id = `msg_${randomUUID()}`) => {
      const timestamp = Math.floor(Date.now() / 1000);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/providers/replicate',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signStandardWebhook(secret, id, timestamp, body),
        },
        payload: body,
      });
    };
    const forged = await deliver(`whsec_${Buffer.from('not the secret at all, 32 bytes!').toString('base64')}`);
    expect(forged.statusCode).toBe(400);
    expect((await rowOf(job.id)).status).toBe('at_provider');
    const signed = await deliver(REPLICATE_SECRET);
    expect(signed.statusCode).toBe(200);
    expect((await rowOf(job.id)).status).toBe('queued');
    await t.database.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, job.id));
  });

  it('takes FASHN’s unsigned deliveries only as a cue to look: the job is queued, and its next run reads the status from FASHN', async () => {
    const job = await submitFoxJob();
    const requestId = `fashn-${randomUUID()}`;
    await t.database.db
      .update(jobs)
      .set({ status: 'at_provider', provider: 'fashn', providerModel: 'tryon-v1.6', providerRequestId: requestId })
      .where(eq(jobs.id, job.id));
    const deliver = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/providers/fashn',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
    expect((await deliver('{"not": "a prediction"}')).statusCode).toBe(400);
    expect((await rowOf(job.id)).status).toBe('at_provider');
    expect((await deliver(JSON.stringify({ id: requestId, status: 'completed', output: ['https://cdn.fashn.ai/x.png'] }))).statusCode).toBe(
      200,
    );
    expect((await rowOf(job.id)).status).toBe('queued');
    await t.database.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, job.id));
  });
});

describe('cancelling a job that has not finished', () => {
  const cancel = (id: string, bearerToken = token) =>
    t.app.inject({ method: 'POST', url: `/api/v1/jobs/${id}/cancel`, headers: bearer(bearerToken) });

  it('a queued job: failed with the cancellation message and refunded once; a second cancel is 409', async () => {
    const job = await submitFoxJob();
    const cancelled = await cancel(job.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Job cancelled',
      data: { id: job.id, status: 'failed', error: jobCancelledMessage, refunded: true },
    });
    expect((await cancel(job.id)).statusCode).toBe(409);
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100);
    expect(submissions()).toHaveLength(0);
  });

  it('a job waiting at its provider: the request is cancelled there, and the job refunded', async () => {
    endpoint.endless = true;
    const job = await submitFoxJob();
    await runWorker();
    const waiting = await rowOf(job.id);
    expect(waiting.status).toBe('at_provider');
    expect((await cancel(job.id)).statusCode).toBe(200);
    expect(cancels().map((request) => request.path)).toEqual([`/fal-ai/flux/requests/${waiting.providerRequestId}/cancel`]);
    expect(await rowOf(job.id)).toMatchObject({ status: 'failed', error: jobCancelledMessage });
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100);
  });

  it('a running job: its worker stops at the next heartbeat, the provider request is cancelled, and the job stays cancelled', async () => {
    endpoint.endless = true;
    const job = await submitFoxJob();
    const run = worker({ webhookHoldMs: 60_000, heartbeatIntervalMs: 50 });
    run.start();
    await until(async () => (await rowOf(job.id)).providerRequestId !== null, 'the request is stored');
    expect((await cancel(job.id)).statusCode).toBe(200);
    await run.idle();
    await run.stop();
    expect(await rowOf(job.id)).toMatchObject({ status: 'failed', error: jobCancelledMessage, workerId: null });
    expect(cancels().length).toBeGreaterThanOrEqual(1);
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100);
  });

  it('refuses a finished job (409) and someone else’s job (404)', async () => {
    const job = await submitFoxJob();
    await runWorker({ webhookHoldMs: 60_000 });
    expect((await rowOf(job.id)).status).toBe('succeeded');
    const finished = await cancel(job.id);
    expect(finished.statusCode).toBe(409);
    expect(finished.json().message).toBe('This job has already finished');
    const queued = await submitFoxJob();
    const stranger = await registerUser(t.app);
    expect((await cancel(queued.id, stranger.accessToken)).statusCode).toBe(404);
    expect((await rowOf(queued.id)).status).toBe('queued');
    await cancel(queued.id);
  });
});
