import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-error.ts';
import { startFakeServer } from './fake-provider-server.ts';
import type { FakeServer } from './fake-provider-server.ts';
import { failedBeforeSending, parseRetryAfter, providerDetail, sendRequest } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';

const policy: HttpPolicy = { provider: 'Replicate', timeoutMs: 500, retries: 2, baseDelayMs: 10, maxDelayMs: 2000 };
const never = new AbortController().signal;

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('sendRequest', () => {
  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    let calls = 0;
    server.handle(() =>
      ++calls === 1 ? { status: 429, headers: { 'Retry-After': '1' }, body: { detail: 'slow down' } } : { status: 200, body: { ok: true } },
    );
    const started = Date.now();
    const response = await sendRequest({ method: 'GET', url: `${server.url}/x` }, policy, never);
    expect(JSON.parse(response.body.toString())).toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('a 429 that says the account is out of quota or credit is not retried: it is the out-of-credit error at once', async () => {
    for (const body of [
      { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } },
      { error: 'OutOfCredits', message: 'Your account has run out of credits' },
    ]) {
      server.requests.length = 0;
      server.handle(() => ({ status: 429, headers: { 'Retry-After': '1' }, body }));
      const error = await providerError(sendRequest({ method: 'POST', url: `${server.url}/run`, json: {} }, policy, never));
      expect(error).toMatchObject({
        transient: false,
        status: 429,
        message: 'The Replicate account has run out of credit; please try again later',
      });
      expect(server.requests).toHaveLength(1);
    }
  });

  it('retries a 500 on a read, and a 429 on a create, sending the same JSON body again', async () => {
    let calls = 0;
    server.handle(() => (++calls === 1 ? { status: 500, body: { detail: 'boom' } } : { status: 200, body: { id: 'p1' } }));
    expect((await sendRequest({ method: 'GET', url: `${server.url}/x` }, policy, never)).status).toBe(200);
    expect(server.requests).toHaveLength(2);
    server.requests.length = 0;
    calls = 0;
    server.handle(() => (++calls === 1 ? { status: 429, headers: { 'retry-after': '0' }, body: {} } : { status: 201, body: { id: 'p1' } }));
    const response = await sendRequest({ method: 'POST', url: `${server.url}/y`, json: { a: 1 } }, policy, never);
    expect(response.status).toBe(201);
    expect(server.requests.map((request) => request.body)).toEqual([{ a: 1 }, { a: 1 }]);
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('never sends a create again after a 5xx or a timeout: one request, an unconfirmed, non-transient error', async () => {
    server.handle(() => ({ status: 502, body: { detail: 'bad gateway' } }));
    const error = await providerError(sendRequest({ method: 'POST', url: `${server.url}/y`, json: { a: 1 } }, policy, never));
    expect(error).toMatchObject({ transient: false, unconfirmed: true, status: 502 });
    expect(error.message).toBe(
      'The Replicate service did not confirm the request (HTTP 502); it was not sent again so that it is not paid for twice',
    );
    expect(server.requests).toHaveLength(1);
    server.requests.length = 0;
    server.handle(() => ({ status: 201, body: { id: 'late' }, delayMs: 800 }));
    const late = await providerError(sendRequest({ method: 'POST', url: `${server.url}/y`, json: { a: 1 } }, policy, never));
    expect(late).toMatchObject({ transient: false, unconfirmed: true });
    expect(server.requests).toHaveLength(1);
  });

  it('sends a create again when the connection failed before the request was written', async () => {
    const closed = await startFakeServer();
    const url = `${closed.url}/y`;
    await closed.close();
    const error = await providerError(sendRequest({ method: 'POST', url, json: { a: 1 } }, policy, never));
    expect(error).toMatchObject({ transient: true, unconfirmed: false });
    expect(failedBeforeSending(error.cause)).toBe(true);
  });

  it('gives up after the retries with a transient error naming the provider', async () => {
    server.handle(() => ({ status: 503, body: { detail: 'overloaded' } }));
    const error = await providerError(sendRequest({ method: 'GET', url: `${server.url}/z` }, policy, never));
    expect(error.transient).toBe(true);
    expect(error.status).toBe(503);
    expect(error.detail).toBe('overloaded');
    expect(error.message).toBe('The Replicate service is having problems (HTTP 503); please try again later');
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a 4xx other than 408 and 429, and says what it means', async () => {
    server.handle(() => ({
      status: 401,
      body: { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 },
    }));
    const error = await providerError(sendRequest({ method: 'GET', url: `${server.url}/auth` }, policy, never));
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/rejected our credentials/);
    expect(error.detail).toBe('You did not pass a valid authentication token');
    expect(server.requests).toHaveLength(1);
  });

  it('gives up at once when Retry-After asks for longer than the longest wait', async () => {
    server.handle(() => ({ status: 429, headers: { 'Retry-After': '3600' } }));
    const error = await providerError(sendRequest({ method: 'GET', url: `${server.url}/later` }, policy, never));
    expect(error.transient).toBe(true);
    expect(error.message).toMatch(/busy/);
    expect(server.requests).toHaveLength(1);
  });

  it('times out a slow answer on every attempt and reports it as transient', async () => {
    server.handle(() => ({ status: 200, body: {}, delayMs: 1500 }));
    const error = await providerError(sendRequest({ method: 'GET', url: `${server.url}/slow` }, { ...policy, retries: 1 }, never));
    expect(error.transient).toBe(true);
    expect(error.message).toBe('The Replicate service did not answer within 500 ms; please try again later');
    expect(server.requests).toHaveLength(2);
  });

  it('reports an unreachable server as transient', async () => {
    const error = await providerError(sendRequest({ method: 'GET', url: 'http://127.0.0.1:1/' }, { ...policy, retries: 1 }, never));
    expect(error.transient).toBe(true);
    expect(error.message).toMatch(/could not be reached/);
  });

  it('stops at once when the signal aborts, with the signal reason', async () => {
    server.handle(() => ({ status: 200, body: {}, delayMs: 1500 }));
    const controller = new AbortController();
    const reason = new Error('job timed out');
    setTimeout(() => controller.abort(reason), 50);
    const started = Date.now();
    await expect(
      sendRequest({ method: 'GET', url: `${server.url}/abort` }, { ...policy, timeoutMs: 5000 }, controller.signal),
    ).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('helpers', () => {
  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });

  it('finds the provider message in problem+json, OpenAI errors and text', () => {
    expect(providerDetail(Buffer.from('{"title":"Invalid","detail":"input.prompt is required"}'))).toBe('input.prompt is required');
    expect(providerDetail(Buffer.from('{"error":{"message":"Rate limit reached","type":"requests"}}'))).toBe('Rate limit reached');
    expect(providerDetail(Buffer.from('Bad gateway'))).toBe('Bad gateway');
    expect(providerDetail(Buffer.alloc(0))).toBeUndefined();
  });
});
