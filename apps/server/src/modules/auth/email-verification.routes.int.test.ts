import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { VALID_PASSWORD, bearer, registerUser, uniqueEmail } from '../../test/http-helpers.ts';
import { latestCode, latestMail, mailsTo } from '../../test/mail-helpers.ts';
import { requireVerifiedEmail } from '../../plugins/guards.ts';
import { findCreditAccount, listLedgerEntries } from '../credits/credits.repository.ts';

let t: TestApp;
let now = new Date('2026-11-22T10:00:00Z').getTime();
const advance = (ms: number) => {
  now += ms;
};

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers: token ? bearer(token) : {} });

describe('e-mail verification', () => {
  it('register mails a 6-digit code (outbox without SMTP) that verifies the address once', async () => {
    const email = uniqueEmail('verify');
    const { accessToken, user } = await registerUser(t.app, { email, firstName: 'Vera' });
    expect(user.emailVerified).toBe(false);
    const mail = await latestMail(t.app, email, 'email_verification');
    expect(mail).toMatchObject({ status: 'stored', template: 'email_verification' });
    expect(mail?.subject).toMatch(/^Your Lumen Studio verification code: \d{6}$/);
    expect(mail?.text).toContain('Hi Vera,');
    expect(mail?.html).toContain('<h1');
    const code = await latestCode(t.app, email, 'email_verification');

    const verified = await post('/auth/verify-email-otp', accessToken, { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      success: true,
      message: 'Email verified successfully',
      data: { id: user.id, emailVerified: true },
    });

    const again = await post('/auth/verify-email-otp', accessToken, { code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Email is already verified');
    const resend = await post('/auth/resend-email-verification', accessToken, {});
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe('Email is already verified');

    const events = await t.app.inject({ method: 'GET', url: '/api/v1/user/me/security-events', headers: bearer(accessToken) });
    expect(events.json().data.items.map((item: { type: string }) => item.type)).toEqual(['email_verified', 'sign_in']);
    expect(events.json().data.items[0].description).toBe('E-mail address verified');
  });

  it('counts wrong tries, says how many are left, and kills the code after 5', async () => {
    const email = uniqueEmail('tries');
    const { accessToken } = await registerUser(t.app, { email });
    const code = await latestCode(t.app, email, 'email_verification');
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post('/auth/verify-email-otp', accessToken, { code: wrong });
      expect(response.statusCode).toBe(400);
      messages.push(response.json().message);
    }
    expect(messages[0]).toBe('Invalid or expired code. 4 attempts left.');
    expect(messages[3]).toBe('Invalid or expired code. 1 attempt left.');
    expect(messages[4]).toBe('Invalid or expired code. No attempts left. Please request a new code.');
    const right = await post('/auth/verify-email-otp', accessToken, { code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('expires codes after 10 minutes', async () => {
    const email = uniqueEmail('expire');
    const { accessToken } = await registerUser(t.app, { email });
    const code = await latestCode(t.app, email, 'email_verification');
    advance(10 * 60 * 1000 + 1);
    const response = await post('/auth/verify-email-otp', accessToken, { code });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This code has expired. Please request a new one.');
  });

  it('resends with a 60 s cooldown (429 + Retry-After); a new code replaces the old one', async () => {
    const email = uniqueEmail('resend');
    const { accessToken } = await registerUser(t.app, { email });
    const first = await latestCode(t.app, email, 'email_verification');
    advance(20_000);
    const early = await post('/auth/resend-email-verification', accessToken, {});
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(40);
    expect(await mailsTo(t.app, email)).toHaveLength(1);

    advance(41_000);
    const resent = await t.app.inject({ method: 'POST', url: '/api/v1/auth/resend-email-verification', headers: bearer(accessToken) });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ success: true, data: null, message: 'Verification code sent' });
    const second = await latestCode(t.app, email, 'email_verification');
    expect(await mailsTo(t.app, email)).toHaveLength(2);
    if (first !== second) {
      expect((await post('/auth/verify-email-otp', accessToken, { code: first })).statusCode).toBe(400);
    }
    expect((await post('/auth/verify-email-otp', accessToken, { code: second })).statusCode).toBe(200);
  });

  it('needs a signed-in user and a 6-digit code', async () => {
    expect((await post('/auth/verify-email-otp', null, { code: '123456' })).statusCode).toBe(401);
    expect((await post('/auth/resend-email-verification', null, {})).statusCode).toBe(401);
    const { accessToken } = await registerUser(t.app);
    for (const payload of [{}, { code: '12345' }, { code: 'abcdef' }, { code: 123456 }, { code: '123456', extra: 1 }]) {
      const response = await post('/auth/verify-email-otp', accessToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await post('/auth/resend-email-verification', accessToken, { email: 'x@y.z' })).statusCode).toBe(400);
  });

  it('requireVerifiedEmail answers 403 until the address is verified', async () => {
    const email = uniqueEmail('gate');
    const { accessToken, user } = await registerUser(t.app, { email });
    const request = { server: t.app, user: { id: user.id, role: 'USER', sessionId: 'x' } } as unknown as FastifyRequest;
    await expect(requireVerifiedEmail(request)).rejects.toMatchObject({
      statusCode: 403,
      message: 'Please verify your email address first',
    });
    await post('/auth/verify-email-otp', accessToken, { code: await latestCode(t.app, email, 'email_verification') });
    await expect(requireVerifiedEmail(request)).resolves.toBeUndefined();
  });
});

describe('sign-up bonus once per address', () => {
  it('gives a second account on an alias of the same address 0 credits', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const first = await registerUser(t.app, { email: `ada.l${tag}@gmail.com` });
    expect(first.user.credit.balance).toBe(5);
    for (const alias of [`adal${tag}+spare@googlemail.com`, `a.d.a.l.${tag}@gmail.com`]) {
      const second = await registerUser(t.app, { email: alias, password: VALID_PASSWORD });
      expect(second.user.credit).toEqual({ balance: 0, spent: 0 });
      expect(await listLedgerEntries(t.database.db, second.user.id)).toHaveLength(0);
      expect((await findCreditAccount(t.database.db, second.user.id))?.balance).toBe(0);
    }
    const other = await registerUser(t.app, { email: `someone.else.${tag}@gmail.com` });
    expect(other.user.credit.balance).toBe(5);
    const plusElsewhere = await registerUser(t.app, { email: `someone.else.${tag}+x@gmail.com` });
    expect(plusElsewhere.user.credit.balance).toBe(0);
  });
});
