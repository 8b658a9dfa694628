import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Job } from '@lumen/core/jobs/schemas';
import { createEngineRegistry } from '@lumen/engines';
import type { FakeFalEndpoint, FakeServer } from '@lumen/engines/testing';
import { providerHealthSchema, providerSpendMessages } from '@lumen/core/admin/providers';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, holdByDeadWorker, salesPilotJob, submitJob, until } from '../../test/job-helpers.ts';
import { startWorkerProcess } from '../../test/worker-process.ts';
import { FAL_IMAGE_MODEL, FAL_KEY, falEnginesConfig, replicateSettings, startFakeFal } from '../../test/fake-fal-app.ts';
import { createJobEvents } from '../jobs/job-events.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { jobProviders } from './job-providers.ts';
import type { JobWorkerOptions } from '../jobs/job-worker.ts';
import { sweepStuckJobs } from '../jobs/sweeper.ts';
import { jobs } from '../jobs/tables.ts';

const KEY = FAL_KEY;
const MODEL = FAL_IMAGE_MODEL;

let fal: FakeServer;
let endpoint: FakeFalEndpoint;
let t: TestApp;
let engines: ReturnType<typeof createEngineRegistry>;
let token: string;
let userId: string;
let submissions: () => FakeServer['requests'];
let cancels: () => FakeServer['requests'];
let falProtocol: Awaited<ReturnType<typeof startFakeFal>>['handler'];
const rowOf = async (id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

const worker = (options: Partial<JobWorkerOptions> = {}) =>
  createJobWorker({
    providers: jobProviders,
    db: t.database.db,
    storage: t.app.storage,
    engines,
    events: createJobEvents(),
    log: t.app.log,
    options: { ...fastWorker, ...options },
  });

async function submitFoxJob(): Promise<Job> {
  const response = await submitJob(t.app, token, {
    service: 'image-generator',
    params: { prompt: 'a red fox in the snow', aspectRatio: '4:3' },
    files: {},
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as Job;
}

beforeAll(async () => {
  const fake = await startFakeFal();
  ({ server: fal, endpoint, submissions, cancels, handler: falProtocol } = fake);
  // Replicate is configured second for the image generator (the admin order test); no test here reaches it.
  const replicate = replicateSettings('http://127.0.0.1:9');
  engines = createEngineRegistry(falEnginesConfig(fal, { replicate, providers: { 'image-generator': ['fal', 'replicate'] } }), {
    pollIntervalMs: 20,
  });
  t = await buildTestApp({ jobs: { runWorker: false, engines } });
  const user = await registerUser(t.app);
  token = user.accessToken;
  userId = user.user.id;
  await setBalance(t.database.db, userId, 100);
});
afterAll(async () => {
  await t.close();
  await fal.close();
});
beforeEach(() => {
  fal.requests.length = 0;
  endpoint.endless = false;
});

describe('a job on a hosted provider', () => {
  it('stores the provider request before waiting, and a worker that takes over resumes it: one submission, one charge', async () => {
    endpoint.endless = true;
    const job = await submitFoxJob();
    const first = worker({ shutdownTimeoutMs: 50 });
    first.start();
    await until(async () => (await rowOf(job.id)).providerRequestId !== null, 'the request is stored');
    const stored = await rowOf(job.id);
    expect(stored).toMatchObject({ status: 'running', provider: 'fal', providerModel: MODEL });
    await first.stop();
    expect(await rowOf(job.id)).toMatchObject({ status: 'queued', providerRequestId: stored.providerRequestId });
    expect(cancels()).toHaveLength(0);

    endpoint.endless = false;
    const second = worker();
    second.start();
    await second.idle();
    await second.stop();
    const done = await rowOf(job.id);
    expect(done).toMatchObject({ status: 'succeeded', provider: 'fal', providerModel: MODEL, providerRequestId: stored.providerRequestId });
    // $0.003 per started megapixel; 4:3 is 1024 × 768, one megapixel.
    expect(done.providerCostMicroUsd).toBe(3000);
    expect(done.providerTimeMs).toBeGreaterThan(0);
    expect(submissions()).toHaveLength(1);
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100 - job.cost);
  });

  it('cancels the request at the provider when the job times out, and refunds the job', async () => {
    await setBalance(t.database.db, userId, 100);
    endpoint.endless = true;
    const job = await submitFoxJob();
    const timed = worker({ timeoutMs: { 'image-generator': 400 } });
    timed.start();
    await timed.idle();
    await timed.stop();
    const failed = await rowOf(job.id);
    expect(failed.status).toBe('failed');
    expect(failed.refundedAt).not.toBeNull();
    await until(async () => cancels().length === 1, 'the provider got the cancellation');
    expect(cancels()[0]!.path).toMatch(/^\/fal-ai\/flux\/requests\/[\w-]+\/cancel$/);
    // The ended request is forgotten (after the job failed: the engine clears it as it stops), so nothing is left to resume.
    await until(async () => (await rowOf(job.id)).providerRequestId === null, 'the ended request is forgotten');
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100);
  });

  it('cancels the request of a job the sweeper fails after its worker died twice', async () => {
    await setBalance(t.database.db, userId, 100);
    const job = await submitFoxJob();
    await holdByDeadWorker(t.database.db, job.id, { provider: 'fal', providerModel: MODEL, providerRequestId: 'req-1' });
    const swept = await sweepStuckJobs(t.database.db, {
      providers: jobProviders,
      staleAfterMs: 30_000,
      cancelRequest: (request) => engines.cancelRequest(request),
    });
    expect(swept).toEqual([job.id]);
    expect((await rowOf(job.id)).status).toBe('failed');
    expect(cancels().map((request) => request.path)).toEqual(['/fal-ai/flux/requests/req-1/cancel']);
  });
});

// A separate worker process needs a database both processes can open: PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker killed in the middle of a provider request', () => {
  it('finishes on the same request after a restart: the provider counts exactly one submission', async () => {
    await setBalance(t.database.db, userId, 100);
    endpoint.endless = true;
    const job = await submitFoxJob();
    const { child, exited, stderr } = startWorkerProcess(t, {
      IMAGE_GENERATOR_PROVIDER: 'fal',
      FAL_KEY: KEY,
      FAL_QUEUE_URL: fal.url,
      FAL_JWKS_URL: `${fal.url}/.well-known/jwks.json`,
    });
    try {
      await until(async () => (await rowOf(job.id)).providerRequestId !== null, `the worker stored the request (${stderr()})`, 40_000);
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');
    const killed = await rowOf(job.id);
    expect(killed.status).toBe('running');

    expect(await sweepStuckJobs(t.database.db, { providers: jobProviders, staleAfterMs: 0 })).toEqual([job.id]);
    endpoint.endless = false;
    const restarted = worker();
    restarted.start();
    await restarted.idle();
    await restarted.stop();
    expect(await rowOf(job.id)).toMatchObject({ status: 'succeeded', providerRequestId: killed.providerRequestId, refundedAt: null });
    expect(submissions()).toHaveLength(1);
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100 - job.cost);
  }, 90_000);

  it('killed after the provider accepted a request but before its id was stored: the next run submits again, and the user gets one result and one charge', async () => {
    await setBalance(t.database.db, userId, 100);
    const job = await submitFoxJob();
    // fal accepts the submission, but its answer is held until the worker that sent it is dead.
    let accepted!: () => void;
    const submissionArrived = new Promise<void>((resolve) => (accepted = resolve));
    let release!: () => void;
    const workerDead = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    fal.handle(async (request) => {
      if (!held && request.method === 'POST' && request.path.startsWith(`/${MODEL}`)) {
        held = true;
        accepted();
        await workerDead;
      }
      return falProtocol(request);
    });
    try {
      const { child, exited, stderr } = startWorkerProcess(t, {
        IMAGE_GENERATOR_PROVIDER: 'fal',
        FAL_KEY: KEY,
        FAL_QUEUE_URL: fal.url,
        FAL_JWKS_URL: `${fal.url}/.well-known/jwks.json`,
      });
      const arrived = await Promise.race([
        submissionArrived.then(() => true),
        new Promise((resolve) => setTimeout(resolve, 40_000, false)),
      ]);
      child.kill('SIGKILL');
      expect(arrived, `the worker submitted (${stderr()})`).toBe(true);
      expect(await exited).toBe('SIGKILL');
    } finally {
      release();
    }
    const killed = await rowOf(job.id);
    expect(killed).toMatchObject({ status: 'running', providerRequestId: null });

    expect(await sweepStuckJobs(t.database.db, { providers: jobProviders, staleAfterMs: 0 })).toEqual([job.id]);
    const restarted = worker();
    restarted.start();
    await restarted.idle();
    await restarted.stop();
    expect(await rowOf(job.id)).toMatchObject({ status: 'succeeded', refundedAt: null });
    // No provider here takes an idempotency key: the request the dead worker could not store is paid for at the provider.
    expect(submissions()).toHaveLength(2);
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100 - job.cost);
    fal.handle(falProtocol);
  }, 90_000);
});

describe('provider health and the daily provider budget', () => {
  const admin = async () => bearer(await adminAccessToken(t.app));
  const putSettings = async (change: Record<string, unknown>) => {
    const headers = await admin();
    const current = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers })).json().data.settings;
    return t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers, payload: { ...current, ...change } });
  };
  const putBudget = async (capUsd: number | null) => expect((await putSettings({ dailyProviderSpendCapUsd: capUsd })).statusCode).toBe(200);
  const imageEngine = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/services', headers: bearer(token) }))
      .json()
      .data.find((entry: { key: string }) => entry.key === 'image-generator').engine;
  const imageChain = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/admin/providers', headers: await admin() }))
      .json()
      .data.chains.find((chain: { service: string }) => chain.service === 'image-generator');

  it('lets an admin order a service’s providers: the catalogue names the new first, and jobs try them in that order', async () => {
    expect(await imageEngine()).toMatchObject({ kind: 'remote', provider: 'fal', model: MODEL });
    expect(await imageChain()).toEqual({
      service: 'image-generator',
      configured: [
        { provider: 'fal', model: MODEL },
        { provider: 'replicate', model: 'black-forest-labs/flux-schnell' },
      ],
      tried: ['fal', 'replicate'],
    });
    const unfit = await putSettings({ providerOrder: { 'image-generator': ['elevenlabs'] } });
    expect(unfit.statusCode).toBe(400);
    expect(unfit.json().message).toMatch(/ElevenLabs does not offer/);
    expect((await putSettings({ providerOrder: { 'image-generator': ['fal', 'fal'] } })).statusCode).toBe(400);

    expect((await putSettings({ providerOrder: { 'image-generator': ['replicate', 'fal'] } })).statusCode).toBe(200);
    expect(await imageEngine()).toMatchObject({ provider: 'Replicate', model: 'black-forest-labs/flux-schnell' });
    expect((await imageChain()).tried).toEqual(['replicate', 'fal']);
    // OpenAI is not configured here: named first, it is skipped.
    expect((await putSettings({ providerOrder: { 'image-generator': ['openai', 'fal'] } })).statusCode).toBe(200);
    expect((await imageChain()).tried).toEqual(['fal', 'replicate']);
    expect((await putSettings({ providerOrder: {} })).statusCode).toBe(200);
  });

  it('shows each provider’s calls, success rate and latency, and today’s spend', async () => {
    await setBalance(t.database.db, userId, 100);
    const job = await submitFoxJob();
    const run = worker();
    run.start();
    await run.idle();
    await run.stop();
    expect((await rowOf(job.id)).status).toBe('succeeded');
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/providers?hours=1', headers: await admin() });
    expect(response.statusCode).toBe(200);
    const health = providerHealthSchema.parse(response.json().data);
    const fal = health.providers.find((row) => row.provider === 'fal' && row.service === 'image-generator');
    expect(fal).toMatchObject({ model: MODEL, successRate: expect.any(Number) });
    expect(fal!.calls).toBeGreaterThanOrEqual(1);
    expect(fal!.succeeded).toBeGreaterThanOrEqual(1);
    expect(fal!.medianMs).toEqual(expect.any(Number));
    // The timed-out call of the earlier test counts as a failure.
    expect(fal!.successRate).toBeLessThan(1);
    expect(health.spend.todayMicroUsd).toBeGreaterThanOrEqual(3000);
    expect(health.spend.byProvider.fal).toBe(health.spend.todayMicroUsd);
    expect(health.spend.capReached).toBe(false);

    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/admin/providers?hours=0', headers: await admin() });
    expect(bad.statusCode).toBe(400);
    const user = await t.app.inject({ method: 'GET', url: '/api/v1/admin/providers', headers: bearer(token) });
    expect(user.statusCode).toBe(403);
  });

  it('refuses jobs on hosted providers once today’s spend reached the budget, before charging, and keeps built-in services running', async () => {
    await setBalance(t.database.db, userId, 100);
    // A budget of 0 is reached at once: every hosted provider paused.
    await putBudget(0);
    const refused = await submitJob(t.app, token, { service: 'image-generator', params: { prompt: 'a fox' }, files: {} });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ message: providerSpendMessages.capReached, error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100);
    const offline = await submitJob(t.app, token, salesPilotJob);
    expect(offline.statusCode).toBe(201);

    const health = providerHealthSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/providers', headers: await admin() })).json().data,
    );
    expect(health.spend).toMatchObject({ capUsd: 0, capReached: true });

    await putBudget(null);
    const accepted = await submitJob(t.app, token, { service: 'image-generator', params: { prompt: 'a fox' }, files: {} });
    expect(accepted.statusCode).toBe(201);
  });
});
