import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Job } from '@lumen/core/jobs/schemas';
import type { ProviderName } from '@lumen/core/services/providers';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { builtinEnginesConfig, createEngineRegistry } from '@lumen/engines';
import type { EnginesConfig } from '@lumen/engines';
import {
  elevenLabsBusy,
  falSigningKeys,
  openAiRateLimited,
  removeBgRateLimited,
  serveElevenLabs,
  serveFal,
  serveFashn,
  serveOpenAiImages,
  serveRemoveBg,
  serveReplicate,
  startFakeServer,
} from '@lumen/engines/testing';
import type { FakeFalEndpoint, FakeFashnModel, FakeReplicateModel, FakeReply, FakeServer, RecordedRequest } from '@lumen/engines/testing';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, noisePng, submitJob, uploadFile } from '../../test/job-helpers.ts';
import { createJobEvents } from '../jobs/job-events.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { jobProviders } from './job-providers.ts';
import type { JobWorkerOptions } from '../jobs/job-worker.ts';
import { jobs } from '../jobs/tables.ts';

/**
 * The "done when" matrix, for each of the six providers against its faithful fake (engines, remote/fake-*.ts):
 * jobs go through the routes and the worker, and every request each fake gets is counted. Queue providers (fal,
 * Replicate, FASHN) end a request on their own time and send their webhook themselves; the direct ones (OpenAI
 * Images, ElevenLabs, remove.bg) answer in the request, so a webhook, a status read or a request to resume do not
 * exist there: their rows say what stands in for them (an aborted connection, an answer that never comes).
 */
const WEBHOOKS_URL = 'https://studio.example.com/api/v1/webhooks/providers';
const SECRET = `whsec_${Buffer.from('matrix test signing secret 32 b!').toString('base64')}`;
const FAL_MODEL = 'fal-ai/flux/schnell';
const REPLICATE_MODEL = 'black-forest-labs/flux-schnell';
const FASHN_MODEL = 'tryon-v1.6';

let t: TestApp;
let token: string;
let userId: string;
let files: { person: string; garment: string };
/** Where the queue providers' outputs live: another origin than their API (replicate.delivery, v3.fal.media, cdn.fashn.ai). */
let cdn: FakeServer;
let png: Buffer;
let deliverWebhooks = true;
/** When the last webhook delivery reached the app. */
let deliveredAt = 0;

type Harness = {
  provider: ProviderName;
  service: ServiceKey;
  /** Another provider of the service, listed after this one: it must never get a request once this one may hold the job. */
  fallback: ProviderName;
  /** Queue provider: holds a request that can be read, cancelled, resumed; direct: answers in the request. */
  queue: boolean;
  server: FakeServer;
  protocol: (request: RecordedRequest) => FakeReply | undefined | Promise<FakeReply | undefined>;
  isCreate: (request: RecordedRequest) => boolean;
  isCancel: (request: RecordedRequest) => boolean;
  /** A request that never ends (queue) or an answer held longer than any test waits (direct). */
  endless: (on: boolean) => void;
  /** The request ends by itself this long after it was made (queue providers). */
  runFor: (ms: number | undefined) => void;
  rateLimited: () => FakeReply;
  job: () => { service: ServiceKey; params: Record<string, unknown>; files: Record<string, string> };
};

const harnesses = {} as Record<ProviderName, Harness>;
const all = () => Object.values(harnesses);
/** What `ServiceKey`'s remote engine needs in the config, with the providers in `providers` order. */
const config = (providers: Partial<Record<ServiceKey, ProviderName[]>>): EnginesConfig => ({
  ...builtinEnginesConfig,
  kinds: {
    ...builtinEnginesConfig.kinds,
    'image-generator': 'remote',
    'sound-generator': 'remote',
    'ai-background': 'remote',
    'virtual-try-on': 'remote',
  },
  providers,
  replicate: {
    apiToken: 'r8_matrix',
    baseUrl: harnesses.replicate.server.url,
    webhookSecret: SECRET,
    models: {
      'ai-background': 'bria/remove-background',
      'image-generator': REPLICATE_MODEL,
      'virtual-try-on': 'owner/try-on',
      speedpainting: 'owner/video',
      'sound-generator': 'owner/sound',
    },
  },
  fal: {
    apiKey: 'fal-matrix:secret',
    queueUrl: harnesses.fal.server.url,
    jwksUrl: `${harnesses.fal.server.url}/.well-known/jwks.json`,
    models: {
      'ai-background': 'fal-ai/birefnet/v2',
      'image-generator': FAL_MODEL,
      'virtual-try-on': 'fal-ai/fashn/tryon/v1.6',
      speedpainting: 'fal-ai/kling-video/v2.1/pro/image-to-video',
      'sound-generator': 'fal-ai/elevenlabs/sound-effects/v2',
    },
  },
  fashn: { apiKey: 'fa-matrix', baseUrl: harnesses.fashn.server.url, model: FASHN_MODEL },
  openai: {
    apiKey: 'sk-matrix',
    baseUrl: harnesses.openai.server.url,
    model: 'gpt-4o-mini',
    imageModel: 'gpt-image-1',
    imageQuality: 'low',
  },
  elevenlabs: { apiKey: 'xi-matrix', baseUrl: harnesses.elevenlabs.server.url, outputFormat: 'pcm_22050' },
  removebg: { apiKey: 'rbg-matrix', baseUrl: harnesses.removebg.server.url },
  requestTimeoutMs: 2000,
  retries: 3,
});

function startWorker(h: Harness, providers: ProviderName[], options: Partial<JobWorkerOptions> = {}) {
  const worker = createJobWorker({
    providers: jobProviders,
    db: t.database.db,
    storage: t.app.storage,
    engines: createEngineRegistry(config({ [h.service]: providers }), { pollIntervalMs: 20 }),
    events: createJobEvents(),
    log: t.app.log,
    options: { ...fastWorker, webhookHoldMs: 0, atProviderRecheckMs: 60_000, ...options },
    providerWebhooksUrl: WEBHOOKS_URL,
  });
  worker.start();
  return worker;
}

async function runWorker(h: Harness, providers: ProviderName[], options: Partial<JobWorkerOptions> = {}) {
  const worker = startWorker(h, providers, options);
  await worker.idle();
  await worker.stop();
}

const rowOf = async (id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
async function until(check: () => Promise<boolean>, ms = 8000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 20))) if (await check()) return;
  throw new Error('condition not met in time');
}
async function submit(h: Harness): Promise<Job> {
  const response = await submitJob(t.app, token, h.job());
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Job;
}
/** What the fakes got since the test began: creates and cancels at this provider, creates anywhere else, all requests. */
const counts = (h: Harness) => ({
  creates: h.server.requests.filter(h.isCreate).length,
  cancels: h.server.requests.filter(h.isCancel).length,
  abandoned: h.server.requests.filter((request) => request.abandoned).length,
  requests: h.server.requests.length,
  elsewhere: all()
    .filter((other) => other !== h)
    .reduce((sum, other) => sum + other.server.requests.filter(other.isCreate).length, 0),
});
const answer = (h: Harness, change: (request: RecordedRequest) => FakeReply | null) =>
  h.server.handle(async (request) => change(request) ?? h.protocol(request));

/** Requests counted per scenario (printed with PRINT_PROVIDER_FIGURES=1 for bench/RESULTS.md). */
const figures: Record<string, Record<string, string>> = {};
const note = (h: Harness, scenario: string, text: string) => ((figures[h.provider] ??= {})[scenario] = text);

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0502a' } })
    .png()
    .toBuffer();
  cdn = await startFakeServer();
  cdn.handle((request) => (request.method === 'GET' && request.path.startsWith('/outputs/') ? { status: 200, raw: png } : undefined));
  const post = async ({ url, headers, body }: { url: string; headers: Record<string, string>; body: string }) => {
    if (!deliverWebhooks) return;
    deliveredAt = Date.now();
    await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  };

  const replicate = await startFakeServer();
  const replicateModel: FakeReplicateModel = { output: [`${cdn.url}/outputs/replicate.png`] };
  const replicateProtocol = serveReplicate(replicate, {
    token: 'r8_matrix',
    models: { [REPLICATE_MODEL]: replicateModel },
    files: {},
    webhookSecret: SECRET,
    postWebhook: post,
  }).handler;
  const fal = await startFakeServer();
  const keys = falSigningKeys();
  const falEndpoint: FakeFalEndpoint = { output: { images: [{ url: `${cdn.url}/outputs/fal.png`, content_type: 'image/png' }], seed: 7 } };
  const falProtocol = serveFal(fal, {
    key: 'fal-matrix:secret',
    endpoints: { [FAL_MODEL]: falEndpoint },
    files: {},
    jwks: keys.jwks,
    signingKey: keys.privateKey,
    postWebhook: post,
  }).handler;
  const fashn = await startFakeServer();
  const fashnModel: FakeFashnModel = { output: [`${cdn.url}/outputs/fashn.png`] };
  const fashnProtocol = serveFashn(fashn, {
    key: 'fa-matrix',
    models: { [FASHN_MODEL]: fashnModel },
    files: {},
    postWebhook: post,
  }).handler;
  const openai = await startFakeServer();
  const elevenlabs = await startFakeServer();
  const removebg = await startFakeServer();
  // The direct fakes read delayMs at each request: an "endless" answer is one held for longer than any test waits.
  const held = [
    { key: 'sk-matrix', image: png, delayMs: 0 },
    { key: 'xi-matrix', delayMs: 0 },
    { key: 'rbg-matrix', delayMs: 0 },
  ] as const;
  const openaiProtocol = serveOpenAiImages(openai, held[0]).handler;
  const elevenlabsProtocol = serveElevenLabs(elevenlabs, held[1]).handler;
  const removebgProtocol = serveRemoveBg(removebg, held[2]).handler;

  const image = () => ({ service: 'image-generator' as const, params: { prompt: 'a red fox in the snow' }, files: {} });
  const queueModel = (model: { endless?: boolean; runMs?: number }) => ({
    endless: (on: boolean) => void (model.endless = on),
    runFor: (ms: number | undefined) => void (ms === undefined ? delete model.runMs : (model.runMs = ms)),
  });
  const direct = {
    queue: false,
    isCancel: () => false,
    endless: (on: boolean) => held.forEach((options) => void ((options as { delayMs: number }).delayMs = on ? 5000 : 0)),
    runFor: () => undefined,
  };
  Object.assign(harnesses, {
    replicate: {
      provider: 'replicate',
      service: 'image-generator',
      fallback: 'fal',
      queue: true,
      server: replicate,
      protocol: replicateProtocol,
      isCreate: (r: RecordedRequest) => r.method === 'POST' && r.path.endsWith('/predictions'),
      isCancel: (r: RecordedRequest) => r.method === 'POST' && r.path.endsWith('/cancel'),
      ...queueModel(replicateModel),
      rateLimited: () => ({
        status: 429,
        headers: { 'retry-after': '1' },
        body: { title: 'Request was throttled', detail: 'Expected available in 1 second.', status: 429 },
      }),
      job: image,
    },
    fal: {
      provider: 'fal',
      service: 'image-generator',
      fallback: 'replicate',
      queue: true,
      server: fal,
      protocol: falProtocol,
      isCreate: (r: RecordedRequest) => r.method === 'POST' && !r.path.includes('/requests/'),
      isCancel: (r: RecordedRequest) => r.method === 'PUT' && r.path.endsWith('/cancel'),
      ...queueModel(falEndpoint),
      rateLimited: () => ({ status: 429, headers: { 'retry-after': '1' }, body: { detail: 'Rate limit exceeded' } }),
      job: image,
    },
    fashn: {
      provider: 'fashn',
      service: 'virtual-try-on',
      fallback: 'fal',
      queue: true,
      server: fashn,
      protocol: fashnProtocol,
      isCreate: (r: RecordedRequest) => r.method === 'POST' && r.path.startsWith('/v1/run'),
      isCancel: (r: RecordedRequest) => r.path.includes('cancel'),
      ...queueModel(fashnModel),
      rateLimited: () => ({
        status: 429,
        headers: { 'retry-after': '1' },
        body: { error: 'RateLimitExceeded', message: 'Too many requests' },
      }),
      job: () => ({ service: 'virtual-try-on', params: { category: 'top', consentToLikeness: true }, files }),
    },
    openai: {
      provider: 'openai',
      service: 'image-generator',
      fallback: 'fal',
      ...direct,
      server: openai,
      protocol: openaiProtocol,
      isCreate: (r: RecordedRequest) => r.method === 'POST' && r.path.startsWith('/v1/images/'),
      rateLimited: () => openAiRateLimited(1),
      job: image,
    },
    elevenlabs: {
      provider: 'elevenlabs',
      service: 'sound-generator',
      fallback: 'fal',
      ...direct,
      server: elevenlabs,
      protocol: elevenlabsProtocol,
      isCreate: (r: RecordedRequest) => r.method === 'POST' && r.path.startsWith('/v1/sound-generation'),
      rateLimited: () => elevenLabsBusy(1),
      job: () => ({ service: 'sound-generator', params: { prompt: 'rain on a tin roof', durationSeconds: 1 }, files: {} }),
    },
    removebg: {
      provider: 'removebg',
      service: 'ai-background',
      fallback: 'fal',
      ...direct,
      server: removebg,
      protocol: removebgProtocol,
      isCreate: (r: RecordedRequest) => r.method === 'POST' && r.path.startsWith('/v1.0/removebg'),
      rateLimited: () => removeBgRateLimited(1),
      job: () => ({ service: 'ai-background', params: { mode: 'transparent' }, files: { image: files.person } }),
    },
  } satisfies Record<ProviderName, Harness>);

  t = await buildTestApp({ jobs: { runWorker: false, engines: createEngineRegistry(config({}), { pollIntervalMs: 20 }) } });
  // The webhook route verifies deliveries with the app's registry: the same keys, secret and JWKS as the workers'.
  // The job's expected cost against its price is another test's subject (provider-prices): allow every service here.
  const admin = await adminAccessToken(t.app);
  for (const service of ['image-generator', 'sound-generator', 'ai-background', 'virtual-try-on']) {
    const allowed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/provider-prices/below-cost',
      headers: bearer(admin),
      payload: { service, allowed: true },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  }
  const user = await registerUser(t.app);
  token = user.accessToken;
  userId = user.user.id;
  const photo = await readFile(
    new URL('../../../../../packages/engines/src/virtual-try-on/fixtures/standing-hands-clasped.jpg', import.meta.url),
  );
  const upload = async (name: string, type: string, data: Buffer) =>
    (await uploadFile(t.app, token, { name, type, data }, { purpose: 'image' })).json().data.id as string;
  files = {
    person: await upload('person.jpg', 'image/jpeg', photo),
    garment: await upload('garment.png', 'image/png', await noisePng(120, 120)),
  };
});

afterAll(async () => {
  if (process.env.PRINT_PROVIDER_FIGURES) process.stdout.write(`${JSON.stringify(figures, null, 1)}\n`);
  await t.close();
  await cdn.close();
  for (const h of all()) await h.server.close();
});

beforeEach(async () => {
  deliverWebhooks = true;
  cdn.requests.length = 0;
  for (const h of all()) {
    h.server.requests.length = 0;
    h.server.handle(h.protocol);
    h.endless(false);
    h.runFor(undefined);
  }
  await setBalance(t.database.db, userId, 1000);
});

describe.each(['fal', 'replicate', 'fashn', 'openai', 'elevenlabs', 'removebg'] as const)('%s against its faithful fake', (name) => {
  const h = () => harnesses[name];

  it('a webhook completes a job within seconds, where the provider sends webhooks (outputs from another origin, no key sent there)', async () => {
    if (!h().queue) return note(h(), 'webhook', 'none: answers in the request');
    h().runFor(300);
    const worker = startWorker(h(), [name, h().fallback]);
    deliveredAt = 0;
    const started = Date.now();
    const job = await submit(h());
    await until(async () => (await rowOf(job.id)).status === 'succeeded', 15_000);
    const done = Date.now();
    await worker.stop();
    const c = counts(h());
    // Without the webhook the job would wait at the provider for atProviderRecheckMs (a minute) before a look.
    expect(deliveredAt).toBeGreaterThan(0);
    const afterWebhook = (done - deliveredAt) / 1000;
    const seconds = (done - started) / 1000;
    expect(afterWebhook).toBeLessThan(5);
    expect(c).toMatchObject({ creates: 1, cancels: 0, elsewhere: 0 });
    expect(cdn.requests.length).toBeGreaterThanOrEqual(1);
    expect(cdn.requests.every((request) => request.headers.authorization === undefined)).toBe(true);
    note(
      h(),
      'webhook',
      `${c.creates} create, ${c.requests - c.creates} reads, 1 webhook; done ${afterWebhook.toFixed(1)} s after it (${seconds.toFixed(1)} s in all)`,
    );
  });

  it('a user cancel reaches the provider exactly once', async () => {
    h().endless(true);
    const job = await submit(h());
    const worker = startWorker(h(), [name, h().fallback], { heartbeatIntervalMs: 50, webhookHoldMs: h().queue ? 0 : 60_000 });
    await until(async () => (h().queue ? (await rowOf(job.id)).status === 'at_provider' : counts(h()).creates === 1));
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/jobs/${job.id}/cancel`, headers: bearer(token) });
    expect(cancelled.statusCode).toBe(200);
    if (!h().queue) await until(async () => counts(h()).abandoned === 1);
    await worker.idle();
    await worker.stop();
    expect(await rowOf(job.id)).toMatchObject({ status: 'failed' });
    expect((await rowOf(job.id)).refundedAt).not.toBeNull();
    const c = counts(h());
    // FASHN documents no cancel endpoint: nothing can reach it; the direct providers see their connection closed.
    const expected = name === 'fashn' ? { cancels: 0 } : h().queue ? { cancels: 1 } : { abandoned: 1 };
    expect(c).toMatchObject({ creates: 1, elsewhere: 0, ...expected });
    note(
      h(),
      'cancel',
      name === 'fashn'
        ? '1 create, 0 cancels (FASHN has no cancel endpoint)'
        : h().queue
          ? `1 create, 1 cancel`
          : '1 create, its connection closed once (no cancel endpoint)',
    );
  });

  it('a 502 on create makes at most one create, anywhere', async () => {
    answer(h(), (request) => (h().isCreate(request) ? { status: 502, body: { detail: 'Bad gateway' } } : null));
    const job = await submit(h());
    await runWorker(h(), [name, h().fallback], { maxAttempts: 3 });
    const failed = await rowOf(job.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/did not confirm the request \(HTTP 502\)/);
    expect(failed.refundedAt).not.toBeNull();
    expect(counts(h())).toMatchObject({ creates: 1, elsewhere: 0 });
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(1000);
    note(h(), '502', `1 create, 0 elsewhere; failed and refunded`);
  });

  it('status reads failing until the deadline: no second create anywhere and one cancel', async () => {
    if (h().queue) {
      answer(h(), (request) =>
        request.method === 'GET' && !h().isCreate(request) ? { status: 503, body: { detail: 'Unavailable' } } : null,
      );
    } else h().endless(true);
    const job = await submit(h());
    await runWorker(h(), [name, h().fallback], { webhookHoldMs: 60_000, timeoutMs: { [h().service]: 1500 }, maxAttempts: 3 });
    expect(await rowOf(job.id)).toMatchObject({ status: 'failed' });
    const expected = name === 'fashn' ? { cancels: 0 } : h().queue ? { cancels: 1 } : { abandoned: 1 };
    // The run sends the cancel (or drops the connection) without waiting for the provider: wait for it to arrive.
    await expect.poll(() => counts(h()), { timeout: 15_000 }).toMatchObject({ creates: 1, elsewhere: 0, ...expected });
    const c = counts(h());
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(1000);
    note(
      h(),
      'deadline',
      h().queue
        ? `1 create, ${c.requests - c.creates - c.cancels} failed reads, ${c.cancels} cancel${name === 'fashn' ? ' (none offered)' : ''}`
        : '1 create whose answer never came, closed at the deadline',
    );
  });

  it('a 429 with Retry-After is retried after the wait, and the job succeeds on one request', async () => {
    const createdAt: number[] = [];
    answer(h(), (request) => {
      if (!h().isCreate(request)) return null;
      createdAt.push(Date.now());
      return createdAt.length === 1 ? h().rateLimited() : null;
    });
    const job = await submit(h());
    await runWorker(h(), [name, h().fallback], { webhookHoldMs: 60_000 });
    expect(await rowOf(job.id)).toMatchObject({ status: 'succeeded', provider: name });
    expect(createdAt).toHaveLength(2);
    expect(createdAt[1]! - createdAt[0]!).toBeGreaterThanOrEqual(950);
    expect(counts(h())).toMatchObject({ creates: 2, elsewhere: 0 });
    note(h(), '429', `2 creates ${((createdAt[1]! - createdAt[0]!) / 1000).toFixed(1)} s apart (Retry-After: 1), 1 result`);
  });

  it('a resumed job goes back to the provider holding its request, even when another comes first now', async () => {
    if (!h().queue) return note(h(), 'resume', 'none: no request is held between runs');
    deliverWebhooks = false;
    h().runFor(1000);
    const job = await submit(h());
    await runWorker(h(), [name]);
    expect((await rowOf(job.id)).status).toBe('at_provider');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await t.database.db
      .update(jobs)
      .set({ runAfter: sql`now()` })
      .where(eq(jobs.id, job.id));
    await runWorker(h(), [h().fallback, name]);
    expect(await rowOf(job.id)).toMatchObject({ status: 'succeeded', provider: name });
    const c = counts(h());
    expect(c).toMatchObject({ creates: 1, cancels: 0, elsewhere: 0 });
    note(h(), 'resume', `1 create, ${c.requests - c.creates} reads, 0 at ${h().fallback}`);
  });
});
