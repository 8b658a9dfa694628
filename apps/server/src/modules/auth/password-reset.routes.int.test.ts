import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { VALID_PASSWORD, bearer, refreshTokenCookie, registerUser, uniqueEmail } from '../../test/http-helpers.ts';
import { latestCode, mailsTo } from '../../test/mail-helpers.ts';
import { users } from '../users/tables.ts';

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

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(token) });
const NEW_PASSWORD = 'brand-new-secret-2';
const RESET_MESSAGE = 'If an account exists for this email, we have sent a reset code.';

async function requestCode(email: string): Promise<string> {
  const response = await post('/auth/request-password-reset', { email });
  expect(response.statusCode).toBe(200);
  return latestCode(t.app, email, 'password_reset');
}

describe('password reset by code', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const email = uniqueEmail('known');
    await registerUser(t.app, { email });
    const ghost = uniqueEmail('ghost');
    const known = await post('/auth/request-password-reset', { email: email.toUpperCase() });
    const unknown = await post('/auth/request-password-reset', { email: ghost });
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: null, message: RESET_MESSAGE });
    }
    expect((await mailsTo(t.app, email)).map((mail) => mail.template)).toEqual(['password_reset', 'email_verification']);
    expect(await mailsTo(t.app, ghost)).toHaveLength(0);
    // Verifying against an unknown address looks like a wrong code, nothing more.
    const probe = await post('/auth/verify-password-reset-otp', { email: ghost, code: '123456' });
    expect(probe.statusCode).toBe(400);
    expect(probe.json().message).toBe('Invalid or expired code');
  });

  it('silently keeps a 60 s cooldown per address', async () => {
    const email = uniqueEmail('cool');
    await registerUser(t.app, { email });
    await requestCode(email);
    const again = await post('/auth/request-password-reset', { email });
    expect(again.json().message).toBe(RESET_MESSAGE);
    expect((await mailsTo(t.app, email)).filter((mail) => mail.template === 'password_reset')).toHaveLength(1);
    advance(61_000);
    await requestCode(email);
    expect((await mailsTo(t.app, email)).filter((mail) => mail.template === 'password_reset')).toHaveLength(2);
  });

  it('checks a code without spending it, resets once, signs out everywhere and mails a notice', async () => {
    const email = uniqueEmail('reset');
    const { accessToken, refreshToken } = await registerUser(t.app, { email });
    const code = await requestCode(email);

    const check = await post('/auth/verify-password-reset-otp', { email, code });
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toEqual({ valid: true });
    expect((await post('/auth/verify-password-reset-otp', { email, code })).statusCode).toBe(200);

    const reset = await post('/auth/reset-password-with-otp', { email, code, newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      success: true,
      data: null,
      message: 'Password reset successfully. Please sign in with your new password.',
    });

    const old = await me(accessToken);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Your session has ended. Please sign in again.');
    expect((await post('/auth/refresh', { refreshToken })).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: VALID_PASSWORD })).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);

    const reused = await post('/auth/reset-password-with-otp', { email, code, newPassword: 'another-one-3' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Invalid or expired code');
    expect((await mailsTo(t.app, email))[0]?.template).toBe('password_changed');
  });

  it('refuses an expired code and a wrong one (counting the try)', async () => {
    const email = uniqueEmail('late');
    await registerUser(t.app, { email });
    const code = await requestCode(email);
    const wrong = code === '999999' ? '000000' : '999999';
    const first = await post('/auth/verify-password-reset-otp', { email, code: wrong });
    expect(first.json().message).toBe('Invalid or expired code. 4 attempts left.');
    const second = await post('/auth/reset-password-with-otp', { email, code: wrong, newPassword: NEW_PASSWORD });
    expect(second.json().message).toBe('Invalid or expired code. 3 attempts left.');
    advance(10 * 60 * 1000 + 1);
    const late = await post('/auth/reset-password-with-otp', { email, code, newPassword: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This code has expired. Please request a new one.');
  });

  it('lets an account without a password set one, and marks the address verified', async () => {
    const email = uniqueEmail('nopass');
    const { user } = await registerUser(t.app, { email });
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    advance(61_000);
    const code = await requestCode(email);
    expect((await post('/auth/reset-password-with-otp', { email, code, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    const login = await post('/auth/login', { email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.emailVerified).toBe(true);
  });

  it('refuses bad input with 400', async () => {
    const cases: Array<[string, unknown]> = [
      ['/auth/request-password-reset', {}],
      ['/auth/request-password-reset', { email: 'not-an-email' }],
      ['/auth/request-password-reset', { email: 'a@b.co', extra: true }],
      ['/auth/verify-password-reset-otp', { email: 'a@b.co' }],
      ['/auth/verify-password-reset-otp', { email: 'a@b.co', code: '12' }],
      ['/auth/reset-password-with-otp', { email: 'a@b.co', code: '123456' }],
      ['/auth/reset-password-with-otp', { email: 'a@b.co', code: '123456', newPassword: 'weak' }],
    ];
    for (const [url, payload] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('POST /auth/reset-password (signed in)', () => {
  it('needs the right current password', async () => {
    const { accessToken } = await registerUser(t.app);
    const response = await post(
      '/auth/reset-password',
      { currentPassword: 'wrong-password-1', newPassword: NEW_PASSWORD },
      bearer(accessToken),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Current password is incorrect');
  });

  it('changes it, signs out every session, and answers a fresh session for this client', async () => {
    const email = uniqueEmail('change');
    const first = await registerUser(t.app, { email });
    const other = await post('/auth/login', { email, password: VALID_PASSWORD });
    const otherToken = other.json().data.accessToken as string;

    const response = await post(
      '/auth/reset-password',
      { currentPassword: VALID_PASSWORD, newPassword: NEW_PASSWORD },
      bearer(first.accessToken),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Password changed successfully');
    // The new refresh token goes to the browser's HttpOnly cookie only.
    expect(Object.keys(body.data)).toEqual(['accessToken']);
    const newRefreshToken = refreshTokenCookie(response);
    expect(newRefreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await me(first.accessToken)).statusCode).toBe(401);
    expect((await me(otherToken)).statusCode).toBe(401);
    expect((await post('/auth/refresh', { refreshToken: first.refreshToken })).statusCode).toBe(401);
    expect((await me(body.data.accessToken)).statusCode).toBe(200);
    expect((await post('/auth/refresh', { refreshToken: newRefreshToken })).statusCode).toBe(200);
    expect((await post('/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await mailsTo(t.app, email))[0]?.template).toBe('password_changed');
  });

  it('needs a token (checked before the body) and valid input', async () => {
    expect((await post('/auth/reset-password', { currentPassword: 'x', newPassword: NEW_PASSWORD })).statusCode).toBe(401);
    expect((await post('/auth/reset-password', { nonsense: true })).statusCode).toBe(401);
    const { accessToken } = await registerUser(t.app);
    for (const payload of [
      {},
      { currentPassword: VALID_PASSWORD },
      { currentPassword: VALID_PASSWORD, newPassword: 'short' },
      { currentPassword: '', newPassword: NEW_PASSWORD },
    ]) {
      expect((await post('/auth/reset-password', payload, bearer(accessToken))).statusCode).toBe(400);
    }
  });
});
