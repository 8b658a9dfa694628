import { afterEach, describe, expect, it } from 'vitest';
import { LumenApiError, LumenNetworkError, LumenRateLimitError, createLumenClient, parseRetryAfter } from '../src/index.ts';
import { backoffDelayMs, defaultRetryPolicy, isRetryableStatus, resolveRetryPolicy } from '../src/retry.ts';
import { failure, hangUp, json, startLocalServer } from './local-server.ts';

const API_KEY = 'sk_live_test_key';
const balance = (value: number) => json(200, { success: true, data: { balance: value } });
const queuedJob = {
  id: '0b8f2c8e-8d5f-4f6e-9a57-5d2f1c3a4b6d',
  service: 'image-generator',
  status: 'queued',
  progress: 0,
  params: { prompt: 'x' },
  cost: 1,
  engine: { kind: 'builtin', label: 'Built-in' },
  error: null,
  refunded: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  durationMs: null,
  outputs: [],
  summary: null,
  canDownload: false,
};

let servers: Array<{ close(): Promise<void> }> = [];
async function serve(...answers: Parameters<typeof startLocalServer>[0]) {
  const server = await startLocalServer(answers);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/** Fast backoff so the tests measure Retry-After, not the default half-second steps. */
const fast = { baseDelayMs: 20, maxDelayMs: 100 };

describe('Retry-After', () => {
  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 25 Nov 2026 10:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 09:59:00 GMT', now)).toBe(0); // in the past: at once
    expect(parseRetryAfter('-1', now)).toBeNull();
    expect(parseRetryAfter('1.5', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('the retry policy', () => {
  it('backs off exponentially with jitter between half and all of the step, capped', () => {
    const low = { ...defaultRetryPolicy, baseDelayMs: 100, maxDelayMs: 1_000, random: () => 0 };
    const high = { ...low, random: () => 0.999_999 };
    expect([1, 2, 3, 4, 5].map((retry) => backoffDelayMs(retry, low))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((retry) => backoffDelayMs(retry, high))).toEqual([100, 200, 400, 800, 1000]);
  });

  it('retries 429 always, 5xx only when the request is safe to repeat', () => {
    const get = new Request('http://x.test/a');
    const post = new Request('http://x.test/a', { method: 'POST', body: '{}' });
    const keyedPost = new Request('http://x.test/a', { method: 'POST', body: '{}', headers: { 'idempotency-key': 'k' } });
    expect([429, 500, 502, 503, 504, 408].map((status) => isRetryableStatus(status, get))).toEqual([true, true, true, true, true, true]);
    expect([429, 500, 503].map((status) => isRetryableStatus(status, post))).toEqual([true, false, false]);
    expect([429, 500, 503].map((status) => isRetryableStatus(status, keyedPost))).toEqual([true, true, true]);
    expect([400, 401, 402, 403, 404, 409, 422, 501].map((status) => isRetryableStatus(status, get))).toEqual(Array(8).fill(false));
  });

  it('takes `retries` as a count of retries or as policy fields, and refuses nonsense', () => {
    expect(resolveRetryPolicy(undefined).maxAttempts).toBe(4);
    expect(resolveRetryPolicy(0).maxAttempts).toBe(1);
    expect(resolveRetryPolicy(5).maxAttempts).toBe(6);
    expect(resolveRetryPolicy({ maxAttempts: 2 }).maxAttempts).toBe(2);
    expect(() => resolveRetryPolicy(-1)).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ maxAttempts: 0 })).toThrow(RangeError);
  });
});

describe('retries against a local HTTP server', () => {
  it('429 with Retry-After: 1, then 200: waits the second, then resolves', async () => {
    const server = await serve(failure(429, 'RATE_LIMITED', 'Too many requests', {}, { 'retry-after': '1' }), balance(7));
    const lumen = createLumenClient({ apiKey: API_KEY, baseUrl: server.url, retries: fast });
    await expect(lumen.getBalance()).resolves.toEqual({ balance: 7 });
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(990);
    expect(server.seen.map((request) => request.headers['x-api-key'])).toEqual([API_KEY, API_KEY]);
  });

  it('429 with Retry-After as an HTTP date is honoured too', async () => {
    // HTTP dates have whole seconds: two seconds from now is between one and two seconds away.
    const at = new Date(Date.now() + 2_000).toUTCString();
    const server = await serve(failure(429, 'RATE_LIMITED', 'Too many requests', {}, { 'retry-after': at }), balance(3));
    const lumen = createLumenClient({ apiKey: API_KEY, baseUrl: server.url, retries: fast });
    await expect(lumen.getBalance()).resolves.toEqual({ balance: 3 });
    expect(server.seen[1]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(900);
  });

  it('503 then 200 on a GET: retried after a backoff', async () => {
    const server = await serve(failure(503, 'SERVICE_UNAVAILABLE', 'Down for a moment'), balance(5));
    const lumen = createLumenClient({ apiKey: API_KEY, baseUrl: server.url, retries: fast });
    await expect(lumen.getBalance()).resolves.toEqual({ balance: 5 });
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(9); // at least half the first 20 ms step
  });

  it('503 then 201 on createJob: retried with the same Idempotency-Key and the same body', async () => {
    const server = await serve(failure(503, 'SERVICE_UNAVAILABLE', 'Down for a moment'), json(201, { success: true, data: queuedJob }));
    const lumen = createLumenClient({ apiKey: API_KEY, baseUrl: server.url, retries: fast });
    const job = await lumen.createJob('image-generator', { prompt: 'x' });
    expect(job.id).toBe(queuedJob.id);
    expect(server.seen).toHaveLength(2);
    const [first, second] = server.seen;
    expect(first!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(JSON.parse(second!.body)).toEqual({ service: 'image-generator', params: { prompt: 'x' }, files: {} });
    expect(second!.body).toBe(first!.body);
  });

  it('a POST without an Idempotency-Key is not repeated on a 503, but is on a 429', async () => {
    const refused = await serve(failure(503, 'SERVICE_UNAVAILABLE', 'Down for a moment'), json(201, { success: true, data: queuedJob }));
    const lumen = createLumenClient({ apiKey: API_KEY, baseUrl: refused.url, retries: fast });
    const result = await lumen.api.POST('/api/v1/jobs', { body: { service: 'image-generator', params: { prompt: 'x' } } });
    expect(result.response.status).toBe(503);
    expect(refused.seen).toHaveLength(1);

    const limited = await serve(
      failure(429, 'RATE_LIMITED', 'Slow down', {}, { 'retry-after': '0' }),
      json(201, { success: true, data: queuedJob }),
    );
    const again = createLumenClient({ apiKey: API_KEY, baseUrl: limited.url, retries: fast });
    const ok = await again.api.POST('/api/v1/jobs', { body: { service: 'image-generator', params: { prompt: 'x' } } });
    expect(ok.response.status).toBe(201);
    expect(limited.seen).toHaveLength(2);
  });

  it('gives up after maxAttempts with the last answer as a typed error', async () => {
    const server = await serve(failure(503, 'SERVICE_UNAVAILABLE', 'Still down', {}, { 'retry-after': '0' }));
    const lumen = createLumenClient({ apiKey: API_KEY, baseUrl: server.url, retries: { ...fast, maxAttempts: 3 } });
    const error = await lumen.getBalance().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LumenApiError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Still down', retryAfterMs: 0 });
    expect(server.seen).toHaveLength(3);
  });

  it('retries: 0 turns retrying off', async () => {
    const server = await serve(failure(429, 'RATE_LIMITED', 'Too many requests', {}, { 'retry-after': '1' }), balance(1));
    const lumen = createLumenClient({ apiKey: API_KEY, baseUrl: server.url, retries: 0 });
    const error = await lumen.getBalance().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LumenRateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 1000 });
    expect(server.seen).toHaveLength(1);
  });

  it('does not wait out a Retry-After beyond maxRetryAfterMs: the 429 comes back at once', async () => {
    const server = await serve(failure(429, 'RATE_LIMITED', 'Try in an hour', {}, { 'retry-after': '3600' }), balance(1));
    const lumen = createLumenClient({ apiKey: API_KEY, baseUrl: server.url, retries: { ...fast, maxRetryAfterMs: 5_000 } });
    const started = performance.now();
    const error = await lumen.getBalance().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LumenRateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 3_600_000 });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(server.seen).toHaveLength(1);
  });

  it('retries a dropped connection for a GET; a POST without a key fails at once with LumenNetworkError', async () => {
    const flaky = await serve(hangUp, balance(9));
    const lumen = createLumenClient({ apiKey: API_KEY, baseUrl: flaky.url, retries: fast });
    await expect(lumen.getBalance()).resolves.toEqual({ balance: 9 });
    expect(flaky.seen).toHaveLength(2);

    const dropped = await serve(hangUp, json(201, { success: true, data: queuedJob }));
    const client = createLumenClient({ apiKey: API_KEY, baseUrl: dropped.url, retries: fast });
    const error = await client.api
      .POST('/api/v1/jobs', { body: { service: 'image-generator', params: { prompt: 'a red bicycle' } } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LumenNetworkError);
    expect(dropped.seen).toHaveLength(1);
  });

  it('an abort during the backoff stops at once, without another attempt', async () => {
    const server = await serve(failure(503, 'SERVICE_UNAVAILABLE', 'Down'), balance(1));
    const lumen = createLumenClient({ apiKey: API_KEY, baseUrl: server.url, retries: { baseDelayMs: 10_000, maxDelayMs: 10_000 } });
    const controller = new AbortController();
    const pending = lumen.getBalance({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user gave up')), 200);
    const started = performance.now();
    await expect(pending).rejects.toThrow('user gave up');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(server.seen).toHaveLength(1);
  });
});
