import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinEngines, registryOf } from '@lumen/engines';
import { generateKey, verifiedUser } from '../../../apps/server/src/test/api-key-helpers.ts';
import { createPaidOrder } from '../../../apps/server/src/test/billing-helpers.ts';
import { buildTestApp } from '../../../apps/server/src/test/build-test-app.ts';
import type { TestApp } from '../../../apps/server/src/test/build-test-app.ts';
import { fakeEngine } from '../../../apps/server/src/test/fake-engines.ts';
import { fastWorker, noisePng } from '../../../apps/server/src/test/job-helpers.ts';
import {
  LumenAuthenticationError,
  LumenConflictError,
  LumenInsufficientCreditsError,
  LumenJobFailedError,
  LumenNotFoundError,
  LumenPermissionError,
  LumenRateLimitError,
  LumenWaitCancelledError,
  LumenWaitTimeoutError,
  createLumenClient,
} from '../src/index.ts';
import type { FetchLike, Job, LumenApiError, LumenClient } from '../src/index.ts';

/**
 * The SDK against the real server, listening on a free port: the built-in image engine makes real PNGs;
 * fakes stand in where a test needs a job that is quick (AI background), fails (sales pilot) or is slow
 * (sound generation). The in-process worker runs the jobs.
 */
let t: TestApp;
let baseUrl: string;
let apiKey: string;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

beforeAll(async () => {
  t = await buildTestApp({
    jobs: {
      runWorker: true,
      worker: fastWorker,
      engines: registryOf({
        ...builtinEngines,
        'ai-background': fakeEngine('ai-background'),
        'sales-pilot': fakeEngine('sales-pilot', { fail: new Error('the transcript could not be read') }),
        'sound-generator': fakeEngine('sound-generator', { delayMs: 30_000 }),
      }),
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // A buyer (downloads need a purchase) with 30 credits and a key that will not hit its per-minute limit.
  const user = await verifiedUser(t.app, t.database.db, 0);
  await createPaidOrder(t.database.db, user.id, { credits: 30 });
  apiKey = (await generateKey(t.app, user.token, { name: 'SDK test', rateLimit: 1000 })).apiKey;
});
afterAll(async () => t?.close());

/** A fetch that counts requests by path and can stand in for the network on some of them. */
function countingFetch(intercept?: (request: Request) => Promise<Response> | null) {
  const calls: string[] = [];
  /** Whether each request carried the API key, by path. */
  const keyed: Array<{ path: string; hasKey: boolean }> = [];
  const fetch: FetchLike = (request) => {
    const path = new URL(request.url).pathname;
    calls.push(`${request.method} ${path}`);
    keyed.push({ path, hasKey: request.headers.has('x-api-key') });
    return intercept?.(request) ?? globalThis.fetch(request);
  };
  return { fetch, calls, keyed };
}

const client = (options: { fetch?: FetchLike } = {}): LumenClient => createLumenClient({ apiKey, baseUrl, ...options });

describe('@lumen/sdk against the server', () => {
  it('creates an image job, follows its event stream to the end and downloads a real PNG', async () => {
    const { fetch, calls, keyed } = countingFetch();
    const lumen = client({ fetch });
    const before = (await lumen.getBalance()).balance;
    expect(before).toBe(30);

    const job = await lumen.createJob('image-generator', { prompt: 'a sailboat on a calm sea at dawn' });
    expect(job).toMatchObject({ service: 'image-generator', status: 'queued', cost: 1 });
    const updates: Job['status'][] = [];
    const done = await lumen.waitForJob(job.id, { onUpdate: (update) => updates.push(update.status), timeoutMs: 120_000 });
    expect(done.status).toBe('succeeded');
    expect(updates.at(-1)).toBe('succeeded');
    // The stream carried the job to the end: no polling.
    expect(calls.filter((call) => call === `GET /api/v1/jobs/${job.id}/events`)).toHaveLength(1);
    expect(calls).not.toContain(`GET /api/v1/jobs/${job.id}`);

    const output = done.outputs[0]!;
    expect(output.contentType).toBe('image/png');
    const file = await lumen.downloadOutput(done);
    expect([...file.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(file.bytes.length).toBe(output.size);
    expect(file.contentType).toBe('image/png');
    expect(file.fileName).toBe(output.name);
    // The signed link went out without the API key; the API calls with it.
    const fileRequests = keyed.filter((request) => request.path.startsWith('/api/v1/files/'));
    expect(fileRequests).toHaveLength(1);
    expect(fileRequests[0]!.hasKey).toBe(false);
    expect(keyed.filter((request) => !request.path.startsWith('/api/v1/files/')).every((request) => request.hasKey)).toBe(true);
    const byOutput = await lumen.downloadOutput(done.id, { outputId: output.id });
    expect(Buffer.from(byOutput.bytes).equals(Buffer.from(file.bytes))).toBe(true);

    expect((await lumen.getBalance()).balance).toBe(before - 1);
  }, 150_000);

  it('sends an Idempotency-Key: the same key twice is one job and one charge', async () => {
    const lumen = client();
    const before = (await lumen.getBalance()).balance;
    const idempotencyKey = `sdk-test-${Date.now()}`;
    const first = await lumen.createJob('image-generator', { prompt: 'a red bicycle' }, { idempotencyKey });
    const second = await lumen.createJob('image-generator', { prompt: 'a red bicycle' }, { idempotencyKey });
    expect(second.id).toBe(first.id);
    expect((await lumen.getBalance()).balance).toBe(before - 1);
    await lumen.waitForJob(first.id, { timeoutMs: 120_000 });
  }, 150_000);

  it('uploads an input with uploadInput and runs a job on it', async () => {
    const lumen = client();
    const upload = await lumen.uploadInput(await noisePng(128, 96), 'photo.png');
    expect(upload).toMatchObject({ purpose: 'image', contentType: 'image/png', width: 128, height: 96, name: 'photo.png' });
    // A retry sends the same file with the same key (the key is bound to the file: another file with it is a 422).
    const second = await noisePng(64, 64);
    const again = await lumen.uploadInput(new Blob([second], { type: 'image/png' }), 'second.png', undefined, {
      idempotencyKey: `upload-${upload.id}`,
    });
    const replay = await lumen.uploadInput(new Blob([second], { type: 'image/png' }), 'second.png', undefined, {
      idempotencyKey: `upload-${upload.id}`,
    });
    expect(replay.id).toBe(again.id);
    const transcript = await lumen.uploadInput(
      Buffer.from('Seller: Hello, thanks for your time today.\nBuyer: Hi, the price is too high for our small team.\n'),
      'call.txt',
    );
    expect(transcript.purpose).toBe('transcript');

    const job = await lumen.createJob('ai-background', { mode: 'transparent' }, { files: { image: upload.id } });
    const done = await lumen.waitForJob(job.id, { timeoutMs: 60_000 });
    expect(done.status).toBe('succeeded');
  });

  it('falls back to polling when the event stream is not one (a buffering proxy) or cannot be reached', async () => {
    const proxyPage = countingFetch((request) =>
      request.url.endsWith('/events')
        ? Promise.resolve(new Response('<html>buffered</html>', { headers: { 'content-type': 'text/html' } }))
        : null,
    );
    const lumen = client({ fetch: proxyPage.fetch });
    const job = await lumen.createJob('image-generator', { prompt: 'a green field under a storm' });
    const done = await lumen.waitForJob(job.id, { timeoutMs: 120_000, pollIntervalMs: 100 });
    expect(done.status).toBe('succeeded');
    expect(proxyPage.calls.filter((call) => call === `GET /api/v1/jobs/${job.id}`).length).toBeGreaterThan(0);

    const unreachable = countingFetch((request) =>
      request.url.endsWith('/events') ? Promise.reject(new TypeError('fetch failed')) : null,
    );
    const polling = createLumenClient({ apiKey, baseUrl, fetch: unreachable.fetch, retries: { baseDelayMs: 10, maxDelayMs: 20 } });
    const upload = await polling.uploadInput(await noisePng(64, 64), 'p.png');
    const second = await polling.createJob('ai-background', { mode: 'transparent' }, { files: { image: upload.id } });
    await expect(polling.waitForJob(second.id, { timeoutMs: 60_000, pollIntervalMs: 100 })).resolves.toMatchObject({ status: 'succeeded' });
    expect(unreachable.calls.filter((call) => call === `GET /api/v1/jobs/${second.id}/events`).length).toBeGreaterThan(1); // retried first
    expect(unreachable.calls).toContain(`GET /api/v1/jobs/${second.id}`);
  }, 150_000);

  it('rejects with LumenJobFailedError when the job fails (and its cost is refunded)', async () => {
    const lumen = client();
    const before = (await lumen.getBalance()).balance;
    const job = await lumen.createJob('sales-pilot', { text: 'Seller: Hello, how are you today? Buyer: Fine, but the price is too high.' });
    const error = await lumen.waitForJob(job.id, { timeoutMs: 60_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LumenJobFailedError);
    expect((error as LumenJobFailedError).job).toMatchObject({ id: job.id, status: 'failed', refunded: true });
    expect((await lumen.getBalance()).balance).toBe(before);
  });

  it('rejects with LumenWaitTimeoutError after timeoutMs and LumenWaitCancelledError on abort; the job goes on', async () => {
    const lumen = client();
    const job = await lumen.createJob('sound-generator', { prompt: 'rain on a tin roof' });
    const started = performance.now();
    const timedOut = await lumen.waitForJob(job.id, { timeoutMs: 400 }).catch((caught: unknown) => caught);
    expect(timedOut).toBeInstanceOf(LumenWaitTimeoutError);
    expect(timedOut).toMatchObject({ jobId: job.id, timeoutMs: 400 });
    expect(['queued', 'running']).toContain((timedOut as LumenWaitTimeoutError).lastSeen?.status);
    expect(performance.now() - started).toBeLessThan(5_000);

    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('the user closed the tab')), 300);
    const cancelled = await lumen.waitForJob(job.id, { signal: controller.signal }).catch((caught: unknown) => caught);
    expect(cancelled).toBeInstanceOf(LumenWaitCancelledError);
    expect((cancelled as Error).cause).toEqual(new Error('the user closed the tab'));
    expect(['queued', 'running']).toContain((await lumen.getJob(job.id)).status);

    const stopped = await lumen.cancelJob(job.id);
    expect(stopped).toMatchObject({ id: job.id, status: 'failed', error: 'Cancelled at your request.' });
    await expect(lumen.cancelJob(job.id)).rejects.toBeInstanceOf(LumenConflictError);
  });
});

describe('typed errors from the server', () => {
  it('a wrong key → LumenAuthenticationError 401 from the server’s envelope', async () => {
    const lumen = createLumenClient({ apiKey: 'sk_live_not_a_real_key_at_all_0000000000', baseUrl });
    const error = await lumen.getBalance().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LumenAuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((error as LumenApiError).requestId).toBeTruthy();
  });

  it('an unknown job → LumenNotFoundError from getJob and from waitForJob', async () => {
    const lumen = client();
    const id = '00000000-0000-4000-8000-000000000000';
    await expect(lumen.getJob(id)).rejects.toBeInstanceOf(LumenNotFoundError);
    const error = await lumen.waitForJob(id, { timeoutMs: 10_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LumenNotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('bad params → 400 VALIDATION_ERROR with the field; no credits → 402; no purchase → 403 on download', async () => {
    await expect(client().createJob('image-generator', { prompt: '   ' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'params.prompt' })],
    });

    // Credits granted by an admin, not bought: jobs run, downloads are refused.
    const user = await verifiedUser(t.app, t.database.db, 1);
    const key = (await generateKey(t.app, user.token, { name: 'No purchase' })).apiKey;
    const lumen = createLumenClient({ apiKey: key, baseUrl });
    const job = await lumen.createJob('image-generator', { prompt: 'a small boat' });
    const broke = await lumen.createJob('image-generator', { prompt: 'another boat' }).catch((caught: unknown) => caught);
    expect(broke).toBeInstanceOf(LumenInsufficientCreditsError);
    expect(broke).toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS' });
    const done = await lumen.waitForJob(job.id, { timeoutMs: 120_000 });
    expect(done.canDownload).toBe(false);
    const refused = await lumen.downloadOutput(done).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(LumenPermissionError);
    expect(refused).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Downloads are available once you have purchased credits' });
  }, 150_000);

  it('past the key’s per-minute limit → LumenRateLimitError 429 with Retry-After (retries off)', async () => {
    const user = await verifiedUser(t.app, t.database.db, 0);
    const key = (await generateKey(t.app, user.token, { name: 'One a minute', rateLimit: 1 })).apiKey;
    const lumen = createLumenClient({ apiKey: key, baseUrl, retries: 0 });
    await expect(lumen.getBalance()).resolves.toEqual({ balance: 0 });
    const error = await lumen.getBalance().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LumenRateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((error as LumenRateLimitError).retryAfterMs).toBeGreaterThan(0);
  });
});
