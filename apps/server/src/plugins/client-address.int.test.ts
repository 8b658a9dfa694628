import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { adminAccessToken, buildTestApp } from '../test/build-test-app.ts';
import type { BuildTestAppOptions, TestApp } from '../test/build-test-app.ts';
import type { TrustProxy } from '../config/trust-proxy.ts';
import { noClientLimits } from '../config/client-limits.ts';
import { generateKey, verifiedUser, xApiKey } from '../test/api-key-helpers.ts';
import { fakeRegistry } from '../test/fake-engines.ts';
import { VALID_PASSWORD, bearer, uniqueEmail } from '../test/http-helpers.ts';
import { noisePng, uploadFile } from '../test/job-helpers.ts';

const HOUR = 3_600_000;

/** What an attacker behind one proxy sends: a spoofed address first; the proxy appends the real one. */
const SPOOFED_THEN_REAL = '10.1.1.1, 203.0.113.9';
/** A different spoofed prefix on every request, the real address (`real`) appended by the proxy. */
const spoofed = (attempt: number, real: string) => ({ 'x-forwarded-for': `10.${attempt}.${attempt}.1, ${real}` });

function expectTooMany(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

function appBehind(trustProxy: TrustProxy, options: BuildTestAppOptions = {}) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp({ ...options, config: { ...options.config, trustProxy } });
  });
  afterAll(async () => {
    await t?.close();
  });
  return () => t!;
}

/** The client address the server judges a request by: the admin's IP-block page shows it. */
async function judgedAddress(t: TestApp, forwardedFor?: string, remoteAddress?: string): Promise<string> {
  const token = await adminAccessToken(t.app);
  const headers = { ...bearer(token), ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }) };
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/ip-blocks', headers, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.yourIp as string;
}

describe('TRUST_PROXY=true: one proxy, whose appended address is the client', () => {
  const app = appBehind(
    { hops: 1 },
    {
      config: {
        clientLimits: {
          ...noClientLimits,
          signupsPerIp: { max: 2, windowMs: HOUR },
          signupsPerSubnet: { max: 100, windowMs: HOUR },
          codeRequestsPerIp: { max: 2, windowMs: HOUR },
          freeJobsPerAccount: { max: 100, windowMs: 24 * HOUR },
          freeJobsPerIp: { max: 1, windowMs: 24 * HOUR },
        },
      },
      loginThrottle: { maxFailuresPerIp: 3 },
      jobs: { runWorker: false, engines: fakeRegistry() },
    },
  );

  it('takes the rightmost X-Forwarded-For entry, never the leftmost, nor X-Real-IP or Forwarded', async () => {
    const t = app();
    expect(await judgedAddress(t, SPOOFED_THEN_REAL)).toBe('203.0.113.9');
    expect(await judgedAddress(t, '1.2.3.4')).toBe('1.2.3.4');
    expect(await judgedAddress(t)).toBe('127.0.0.1');
    const token = await adminAccessToken(t.app);
    const otherHeaders = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/ip-blocks',
      headers: { ...bearer(token), 'x-real-ip': '10.9.9.9', forwarded: 'for=10.9.9.9' },
    });
    expect(otherHeaders.json().data.yourIp).toBe('127.0.0.1');
  });

  it("judges an API key's IP allow-list by the proxy's address", async () => {
    const t = app();
    const user = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token, { ipAllowList: ['10.0.0.0/8'] });
    const balance = (forwardedFor: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: { ...xApiKey(key.apiKey), 'x-forwarded-for': forwardedFor } });
    const spoofedAnswer = await balance(SPOOFED_THEN_REAL);
    expect(spoofedAnswer.statusCode).toBe(401);
    expect(spoofedAnswer.json().message).toContain('203.0.113.9');
    expect((await balance('10.1.1.1')).statusCode).toBe(200);
  });

  it('counts sign-ups per real address whatever prefix the client writes', async () => {
    const t = app();
    const register = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { firstName: 'Eve', lastName: 'Mallory', email: uniqueEmail('spoof'), password: VALID_PASSWORD },
        headers,
      });
    expect((await register(spoofed(1, '203.0.113.20'))).statusCode).toBe(201);
    expect((await register(spoofed(2, '203.0.113.20'))).statusCode).toBe(201);
    expectTooMany(await register(spoofed(3, '203.0.113.20')));
    expectTooMany(await register({ 'x-forwarded-for': '203.0.113.20' }));
    expect((await register({ 'x-forwarded-for': '198.51.100.20' })).statusCode).toBe(201);
  });

  it('counts requests to the code routes per real address', async () => {
    const t = app();
    const guess = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify-password-reset-otp',
        payload: { email: uniqueEmail('ghost'), code: '123456' },
        headers,
      });
    expect((await guess(spoofed(1, '203.0.113.21'))).statusCode).toBe(400);
    expect((await guess(spoofed(2, '203.0.113.21'))).statusCode).toBe(400);
    expectTooMany(await guess(spoofed(3, '203.0.113.21')));
    expect((await guess({ 'x-forwarded-for': '198.51.100.21' })).statusCode).toBe(400);
  });

  it('throttles failed sign-ins per real address', async () => {
    const t = app();
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: uniqueEmail('spray'), password: 'wrong-password-1' },
        headers,
      });
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await login(spoofed(attempt, '203.0.113.22'))).statusCode).toBe(401);
    expectTooMany(await login(spoofed(4, '203.0.113.22')));
    expect((await login({ 'x-forwarded-for': '198.51.100.22' })).statusCode).toBe(401);
  });

  it('counts free AI background runs per real address', async () => {
    const t = app();
    let signUps = 0;
    const run = async (headers: Record<string, string>) => {
      // Each account signs up from an address of its own: the sign-up limit of this app is 2 per address.
      signUps += 1;
      const user = await verifiedUser(t.app, t.database.db, 0, { 'x-forwarded-for': `192.0.2.${signUps}` });
      const photo = (await uploadFile(t.app, user.token, { name: 'photo.png', type: 'image/png', data: await noisePng() })).json().data.id;
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/jobs',
        payload: { service: 'ai-background', params: { mode: 'transparent' }, files: { image: photo } },
        headers: { ...bearer(user.token), ...headers },
      });
    };
    expect((await run(spoofed(1, '203.0.113.23'))).statusCode).toBe(201);
    const refused = await run(spoofed(2, '203.0.113.23'));
    expectTooMany(refused);
    expect(refused.json().error.meta).toMatchObject({ limit: 'ip' });
    expect((await run({ 'x-forwarded-for': '198.51.100.23' })).statusCode).toBe(201);
  });
});

describe('TRUST_PROXY=true and the global per-address limit', () => {
  const app = appBehind({ hops: 1 }, { config: { globalRateLimit: { max: 3, timeWindowMs: 60_000 } } });

  it('counts every request of one real address, whatever prefix it writes', async () => {
    const t = app();
    const services = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/services', headers });
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await services(spoofed(attempt, '203.0.113.30'))).statusCode).toBe(200);
    expectTooMany(await services(spoofed(4, '203.0.113.30')));
    expect((await services({ 'x-forwarded-for': '198.51.100.30' })).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY=2: a CDN and a load balancer', () => {
  const app = appBehind({ hops: 2 });

  it('takes the second address from the right', async () => {
    expect(await judgedAddress(app(), '10.1.1.1, 198.51.100.5, 203.0.113.9')).toBe('198.51.100.5');
    expect(await judgedAddress(app(), '198.51.100.5, 203.0.113.9')).toBe('198.51.100.5');
    expect(await judgedAddress(app(), '203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  const app = appBehind({ proxies: ['127.0.0.1', '10.0.0.0/8'] });

  it('takes the rightmost address that is not a trusted proxy', async () => {
    expect(await judgedAddress(app(), '10.1.1.1, 203.0.113.9, 10.0.0.5')).toBe('203.0.113.9');
    expect(await judgedAddress(app(), '198.51.100.7, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('believes no X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    expect(await judgedAddress(app(), '10.1.1.1, 203.0.113.9', '198.51.100.99')).toBe('198.51.100.99');
  });
});

describe('TRUST_PROXY=false', () => {
  const app = appBehind(false);

  it("ignores X-Forwarded-For: the socket's peer is the client", async () => {
    expect(await judgedAddress(app(), SPOOFED_THEN_REAL)).toBe('127.0.0.1');
  });
});
