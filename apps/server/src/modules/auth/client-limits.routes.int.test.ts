import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { VALID_PASSWORD, bearer, registerUser, uniqueEmail } from '../../test/http-helpers.ts';
import { latestCode, mailsTo } from '../../test/mail-helpers.ts';
import { noClientLimits } from '../limits/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let now = new Date('2026-11-25T08:00:00Z').getTime();
const advance = (ms: number) => {
  now += ms;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    clock: () => new Date(now),
    config: {
      clientLimits: {
        ...noClientLimits,
        signupsPerIp: { max: 2, windowMs: HOUR },
        signupsPerSubnet: { max: 3, windowMs: HOUR },
        takenEmailAnswersPerIp: { max: 2, windowMs: HOUR },
        takenEmailAnswersPerSubnet: { max: 6, windowMs: HOUR },
        verificationMailsPerAddress: { max: 2, windowMs: DAY },
        codeRequestsPerIp: { max: 4, windowMs: HOUR },
        codesIssuedPerAccount: { max: 3, windowMs: DAY },
        failedCodeTriesPerAccount: { max: 7, windowMs: DAY },
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, ...extra });
const register = (email: string, remoteAddress: string) =>
  post('/auth/register', { firstName: 'Eve', lastName: 'Mallory', email, password: VALID_PASSWORD }, { remoteAddress });

function expectTooMany(response: { statusCode: number; headers: Record<string, unknown>; json(): { message: string } }, message: RegExp) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json().message).toMatch(message);
}

describe('sign-up limits', () => {
  it('counts new accounts per IP and per /24 subnet, with 429 and Retry-After', async () => {
    expect((await register(uniqueEmail('a'), '203.0.113.1')).statusCode).toBe(201);
    expect((await register(uniqueEmail('b'), '203.0.113.1')).statusCode).toBe(201);
    expectTooMany(await register(uniqueEmail('c'), '203.0.113.1'), /^Too many attempts from your network\. Please try again in 1 hour\.$/);
    expect((await register(uniqueEmail('d'), '203.0.113.2')).statusCode).toBe(201);
    expectTooMany(await register(uniqueEmail('e'), '203.0.113.3'), /Too many attempts from your network/);
    expect((await register(uniqueEmail('f'), '198.51.100.1')).statusCode).toBe(201);
    advance(HOUR);
    expect((await register(uniqueEmail('g'), '203.0.113.1')).statusCode).toBe(201);
  });

  it('answers "already exists" a few times per client, then 429 for every address so taken and free look alike', async () => {
    const taken = uniqueEmail('taken');
    expect((await register(taken, '192.0.2.10')).statusCode).toBe(201);
    advance(HOUR);
    expect((await register(taken, '192.0.2.20')).statusCode).toBe(409);
    expect((await register(taken, '192.0.2.20')).statusCode).toBe(409);
    expectTooMany(await register(taken, '192.0.2.20'), /Too many attempts/);
    expectTooMany(await register(uniqueEmail('free'), '192.0.2.20'), /Too many attempts/);
  });

  it('holds when 200 sign-ups from one IP arrive at once', async () => {
    advance(HOUR);
    const answers = await Promise.all(Array.from({ length: 200 }, () => register(uniqueEmail('flood'), '100.64.7.7')));
    expect(answers.filter((response) => response.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((response) => response.statusCode === 429)).toHaveLength(198);
  });

  it('counts an IPv6 client per /56', async () => {
    advance(HOUR);
    expect((await register(uniqueEmail('v6'), '2001:db8:1:100::1')).statusCode).toBe(201);
    expect((await register(uniqueEmail('v6'), '2001:db8:1:1ff::2')).statusCode).toBe(201);
    expect((await register(uniqueEmail('v6'), '2001:db8:1:180::3')).statusCode).toBe(201);
    expectTooMany(await register(uniqueEmail('v6'), '2001:db8:1:1aa::4'), /Too many attempts/);
    expect((await register(uniqueEmail('v6'), '2001:db8:1:200::1')).statusCode).toBe(201);
  });
});

describe('limits on codes over time', () => {
  it('caps verification e-mails per address and codes per account per day', async () => {
    advance(HOUR);
    const email = uniqueEmail('mails');
    const { accessToken } = await registerUser(t.app, { email });
    advance(61_000);
    const resend = () => post('/auth/resend-email-verification', {}, { headers: bearer(accessToken), remoteAddress: '10.9.0.1' });
    expect((await resend()).statusCode).toBe(200);
    advance(61_000);
    expectTooMany(await resend(), /^You have asked for too many codes today\. Please try again in 24 hours\.$/);
    expect((await mailsTo(t.app, email)).filter((mail) => mail.template === 'email_verification')).toHaveLength(2);
  });

  it('caps wrong codes per account per day across codes', async () => {
    advance(DAY);
    const email = uniqueEmail('wrong');
    await registerUser(t.app, { email });
    const ip = (n: number) => `10.10.${n}.1`;
    await post('/auth/request-password-reset', { email }, { remoteAddress: ip(0) });
    const code = await latestCode(t.app, email, 'password_reset');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/auth/verify-password-reset-otp', { email, code: wrong }, { remoteAddress: ip(attempt + 1) })).statusCode).toBe(
        400,
      );
    }
    advance(61_000);
    await post('/auth/request-password-reset', { email }, { remoteAddress: ip(10) });
    const second = await latestCode(t.app, email, 'password_reset');
    const wrongAgain = second === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(
        (await post('/auth/verify-password-reset-otp', { email, code: wrongAgain }, { remoteAddress: ip(attempt + 11) })).statusCode,
      ).toBe(400);
    }
    const capped = await post('/auth/verify-password-reset-otp', { email, code: second }, { remoteAddress: ip(20) });
    expectTooMany(capped, /^Too many wrong codes today\. Please try again in (23|24) hours\.$/);
    advance(DAY);
    expect((await post('/auth/verify-password-reset-otp', { email, code: second }, { remoteAddress: ip(21) })).statusCode).toBe(400);
  });

  it('limits requests to the code and reset routes per IP', async () => {
    advance(DAY);
    const ip = '10.11.0.1';
    const ghost = { email: uniqueEmail('ghost'), code: '123456' };
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await post('/auth/verify-password-reset-otp', ghost, { remoteAddress: ip })).statusCode).toBe(400);
    }
    expectTooMany(
      await post('/auth/reset-password-with-otp', { ...ghost, newPassword: 'another-secret-9' }, { remoteAddress: ip }),
      /Too many attempts/,
    );
    expectTooMany(await post('/auth/request-password-reset', { email: ghost.email }, { remoteAddress: ip }), /Too many attempts/);
    expect((await post('/auth/verify-password-reset-otp', ghost, { remoteAddress: '10.11.0.2' })).statusCode).toBe(400);
  });
});
