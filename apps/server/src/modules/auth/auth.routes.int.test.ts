import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PLAN } from '@lumen/core/credits/rules';
import { passwordPolicyMessage } from '@lumen/core/auth/password-policy';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { VALID_PASSWORD, bearer, refreshTokenCookie, registerUser, setCookie, uniqueEmail } from '../../test/http-helpers.ts';
import { listLedgerEntries, sumLedger, findCreditAccount } from '../credits/credits.repository.ts';
import { users } from '../users/tables.ts';
import { refreshTokens } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload?: unknown, extra: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, ...extra });

async function userCount(): Promise<number> {
  const [row] = await t.database.db.select({ total: count() }).from(users);
  return Number(row?.total ?? 0);
}

describe('POST /auth/register', () => {
  it('creates the user with the free plan credits as a ledger entry and sets the refresh cookie', async () => {
    const email = uniqueEmail('Mixed.Case');
    const response = await post('/auth/register', { firstName: ' Ada ', lastName: 'Lovelace', email, password: VALID_PASSWORD });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Registered successfully');
    const { user, accessToken } = body.data;
    // A browser's refresh token is in its HttpOnly cookie only, never in the JSON a script can read.
    expect(body.data).not.toHaveProperty('refreshToken');
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: email.toLowerCase(),
      profileImage: null,
      role: 'USER',
      emailVerified: false,
      credit: { balance: FREE_PLAN.credits, spent: 0 },
    });
    expect(typeof user.createdAt).toBe('string');
    expect(accessToken).toMatch(/^ey/);

    const cookie = setCookie(response, 'refreshToken');
    const refreshToken = refreshTokenCookie(response);
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).not.toMatch(/Secure/); // NODE_ENV=test

    const ledger = await listLedgerEntries(t.database.db, user.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: 5, balanceAfter: 5, kind: 'signup_bonus', idempotencyKey: `signup:${user.id}` });
    const account = await findCreditAccount(t.database.db, user.id);
    expect(account?.balance).toBe(await sumLedger(t.database.db, user.id));

    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    const [token] = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(token?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(token?.tokenHash).not.toBe(refreshToken);
  });

  it('refuses a duplicate e-mail, whatever its case, with 409', async () => {
    const email = uniqueEmail('dup');
    await registerUser(t.app, { email });
    const before = await userCount();
    const response = await post('/auth/register', {
      firstName: 'Bob',
      lastName: 'B',
      email: email.toUpperCase(),
      password: VALID_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      message: 'An account with this email already exists',
      error: { code: 'CONFLICT' },
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a weak password with the policy message', async () => {
    const response = await post('/auth/register', { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'password' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe(`password: ${passwordPolicyMessage}`);
    expect(body.error.details).toEqual([{ field: 'password', message: passwordPolicyMessage }]);
  });

  it('names an invalid e-mail clearly', async () => {
    const response = await post('/auth/register', { firstName: 'A', lastName: 'B', email: 'nope', password: VALID_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('email: Please enter a valid email address');
  });

  it.each([
    ['role', { role: 'ADMIN' }],
    ['credit', { credit: { balance: 1000, spent: 0 } }],
  ])('refuses the unknown field %s with 400 and writes nothing', async (field, extra) => {
    const before = await userCount();
    const response = await post('/auth/register', {
      firstName: 'Eve',
      lastName: 'E',
      email: uniqueEmail(),
      password: VALID_PASSWORD,
      ...extra,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toContainEqual({ field, message: `${field} is not an accepted field` });
    expect(await userCount()).toBe(before);
  });

  it('refuses missing fields and wrong types with field details', async () => {
    const response = await post('/auth/register', { firstName: 42, email: uniqueEmail(), password: VALID_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { field: 'firstName', message: 'Must be text' },
      { field: 'lastName', message: 'This field is required' },
    ]);
    expect(response.json().message).toBe('firstName: Must be text; lastName: This field is required');
  });
});

describe('POST /auth/login', () => {
  it('signs in with the right password (e-mail in any case)', async () => {
    const email = uniqueEmail('login');
    await registerUser(t.app, { email });
    const response = await post('/auth/login', { email: email.toUpperCase(), password: VALID_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Logged in successfully');
    expect(body.data.user.email).toBe(email);
    expect(body.data.user.credit).toEqual({ balance: 5, spent: 0 });
    expect(body.data).not.toHaveProperty('refreshToken');
    expect(setCookie(response, 'refreshToken')).toMatch(/^refreshToken=[A-Za-z0-9_-]{43};/);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(body.data.accessToken) });
    expect(me.statusCode).toBe(200);
  });

  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const email = uniqueEmail('wrong');
    await registerUser(t.app, { email });
    const wrong = await post('/auth/login', { email, password: 'not-the-password-1' }, { remoteAddress: '10.1.0.1' });
    const unknown = await post('/auth/login', { email: uniqueEmail('ghost'), password: VALID_PASSWORD }, { remoteAddress: '10.1.0.1' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'Invalid email or password', error: { code: 'UNAUTHORIZED' } });
    }
  });

  it('refuses an e-mail after 5 failures with 429 and Retry-After, even with the right password', async () => {
    const email = uniqueEmail('throttle');
    await registerUser(t.app, { email });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post('/auth/login', { email, password: 'wrong-password-1' }, { remoteAddress: '10.2.0.1' });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post('/auth/login', { email, password: VALID_PASSWORD }, { remoteAddress: '10.2.0.2' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.json()).toEqual({
      success: false,
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      error: { code: 'RATE_LIMITED' },
    });
  });

  it('refuses an IP after 30 failures across e-mails', async () => {
    const ip = '10.3.0.1';
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await post('/auth/login', { email: uniqueEmail('spray'), password: 'wrong-password-1' }, { remoteAddress: ip });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post('/auth/login', { email: uniqueEmail('spray'), password: 'x1' }, { remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const otherIp = await post('/auth/login', { email: uniqueEmail('spray'), password: 'x1' }, { remoteAddress: '10.3.0.2' });
    expect(otherIp.statusCode).toBe(401);
  });

  it('does not count a successful sign-in as a failure', async () => {
    const email = uniqueEmail('reset');
    await registerUser(t.app, { email });
    const fail = () => post('/auth/login', { email, password: 'wrong-password-1' }, { remoteAddress: '10.4.0.1' });
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await fail()).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: VALID_PASSWORD }, { remoteAddress: '10.4.0.1' })).statusCode).toBe(200);
    expect((await fail()).statusCode).toBe(401);
    expect((await fail()).statusCode).toBe(429);
  });

  it('lets the owner in from a browser that signed in before while someone else keeps failing', async () => {
    const email = uniqueEmail('owner');
    await registerUser(t.app, { email });
    const signedIn = await post('/auth/login', { email, password: VALID_PASSWORD }, { remoteAddress: '10.5.0.1' });
    const device = setCookie(signedIn, 'deviceId');
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/Path=\/api\/v1\/auth/);
    const deviceCookie = device!.split(';')[0]!;

    const attacker = '10.5.0.66';
    const answers = [];
    for (let attempt = 0; attempt < 100; attempt += 1) {
      answers.push((await post('/auth/login', { email, password: `guess-${attempt}-pw` }, { remoteAddress: attacker })).statusCode);
    }
    expect(answers.filter((status) => status === 401)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(95);
    const stranger = await post('/auth/login', { email, password: VALID_PASSWORD }, { remoteAddress: attacker });
    expect(stranger.statusCode).toBe(429);

    const owner = await post(
      '/auth/login',
      { email, password: VALID_PASSWORD },
      { remoteAddress: attacker, headers: { cookie: deviceCookie } },
    );
    expect(owner.statusCode).toBe(200);
    expect(setCookie(owner, 'deviceId')).toBeDefined();
    const forged = await post(
      '/auth/login',
      { email, password: VALID_PASSWORD },
      { remoteAddress: attacker, headers: { cookie: `deviceId=${'a'.repeat(16)}.${'b'.repeat(32)}` } },
    );
    expect(forged.statusCode).toBe(429);
  });

  it('judges at most 5 of 200 parallel wrong passwords from unknown devices', async () => {
    const email = uniqueEmail('burst');
    await registerUser(t.app, { email });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        post('/auth/login', { email, password: `guess-${index}-pw` }, { remoteAddress: `10.6.${index % 200}.1` }),
      ),
    );
    expect(answers.filter((response) => response.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((response) => response.statusCode === 429)).toHaveLength(195);
  });
});

describe('POST /auth/refresh', () => {
  it('rotates the token from the cookie, and reuse of a spent one revokes the whole family', async () => {
    const { refreshToken: first } = await registerUser(t.app);

    const rotated = await post('/auth/refresh', undefined, { headers: { cookie: `refreshToken=${first}` } });
    expect(rotated.statusCode).toBe(200);
    expect(Object.keys(rotated.json().data)).toEqual(['accessToken']);
    const second = refreshTokenCookie(rotated);
    expect(rotated.json().data.accessToken).toMatch(/^ey/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);

    // A client without cookies sends the token in the body and asks for the next one there.
    const third = await post('/auth/refresh', { refreshToken: second }, { headers: { 'x-refresh-token-delivery': 'body' } });
    expect(third.statusCode).toBe(200);
    const latest = third.json().data.refreshToken as string;
    expect(setCookie(third, 'refreshToken')).toContain(`refreshToken=${latest};`);

    // Replaying the first (spent) token: refused, and the family is revoked.
    const reuse = await post('/auth/refresh', { refreshToken: first });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('UNAUTHORIZED');
    expect(setCookie(reuse, 'refreshToken')).toMatch(/^refreshToken=;/);
    const afterTheft = await post('/auth/refresh', { refreshToken: latest });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('answers the refresh token in the body only to a client that asks with X-Refresh-Token-Delivery: body', async () => {
    const email = uniqueEmail('script');
    const asked = { 'x-refresh-token-delivery': 'body' };
    const registered = await post(
      '/auth/register',
      { firstName: 'Ada', lastName: 'Lovelace', email, password: VALID_PASSWORD },
      { headers: asked },
    );
    expect(registered.statusCode).toBe(201);
    expect(setCookie(registered, 'refreshToken')).toContain(`refreshToken=${registered.json().data.refreshToken};`);
    const signedIn = await post('/auth/login', { email, password: VALID_PASSWORD }, { headers: asked });
    const token = signedIn.json().data.refreshToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rotated = await post('/auth/refresh', { refreshToken: token });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data).not.toHaveProperty('refreshToken');
    const refused = await post('/auth/login', { email, password: VALID_PASSWORD }, { headers: { 'x-refresh-token-delivery': 'json' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION_ERROR');
    expect(setCookie(refused, 'refreshToken')).toBeUndefined();
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await post('/auth/refresh')).statusCode).toBe(401);
    expect((await post('/auth/refresh', { refreshToken: 'unknown-token' })).statusCode).toBe(401);
  });

  it('refuses unknown body fields', async () => {
    const response = await post('/auth/refresh', { refreshToken: 'x', userId: 'y' });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token, clears the cookie, and the token no longer refreshes', async () => {
    const { refreshToken } = await registerUser(t.app);
    const response = await post('/auth/logout', { refreshToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null, message: 'Logged out successfully' });
    const cleared = setCookie(response, 'refreshToken');
    expect(cleared).toMatch(/^refreshToken=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await post('/auth/refresh', { refreshToken })).statusCode).toBe(401);
  });

  it('uses the cookie when the body has no token, and answers 200 for unknown tokens', async () => {
    const { refreshToken } = await registerUser(t.app);
    const viaCookie = await post('/auth/logout', undefined, { headers: { cookie: `refreshToken=${refreshToken}` } });
    expect(viaCookie.statusCode).toBe(200);
    expect((await post('/auth/refresh', { refreshToken })).statusCode).toBe(401);
    expect((await post('/auth/logout', { refreshToken: 'never-issued' })).statusCode).toBe(200);
    expect((await post('/auth/logout')).statusCode).toBe(200);
  });
});
