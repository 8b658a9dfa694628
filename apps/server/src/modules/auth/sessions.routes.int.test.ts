import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { VALID_PASSWORD, bearer, registerUser, uniqueEmail } from '../../test/http-helpers.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await adminAccessToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** These requests play clients without cookies: they ask for the refresh token in the body and send it back there. */
const inBody = { 'x-refresh-token-delivery': 'body' };

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: { ...(token ? bearer(token) : {}), ...inBody, ...extra },
  });

async function signIn(email: string, userAgent: string, remoteAddress = '127.0.0.1') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: VALID_PASSWORD },
    headers: { 'user-agent': userAgent, ...inBody },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { accessToken: string; refreshToken: string };
}

describe('sessions', () => {
  it('lists live sessions with a readable device, marks the current one, and updates lastSeenAt on refresh', async () => {
    const email = uniqueEmail('sessions');
    await registerUser(t.app, { email });
    const laptop = await signIn(email, CHROME_LINUX, '10.0.0.1');
    const phone = await signIn(email, SAFARI_IPHONE, '10.0.0.2');

    const listed = await api('GET', '/auth/sessions', laptop.accessToken);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().data as Array<{
      id: string;
      device: string;
      ip: string;
      current: boolean;
      lastSeenAt: string;
      createdAt: string;
    }>;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current).map((session) => session.device)).toEqual(['Chrome on Linux']);
    expect(sessions.map((session) => session.device)).toContain('Safari on iPhone');
    const phoneSession = sessions.find((session) => session.device === 'Safari on iPhone')!;
    expect(phoneSession.ip).toBe('10.0.0.2');

    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: phone.refreshToken },
      remoteAddress: '10.0.0.3',
    });
    expect(refreshed.statusCode).toBe(200);
    const after = (await api('GET', '/auth/sessions', laptop.accessToken)).json().data as typeof sessions;
    const phoneAfter = after.find((session) => session.id === phoneSession.id)!;
    expect(new Date(phoneAfter.lastSeenAt).getTime()).toBeGreaterThan(new Date(phoneSession.lastSeenAt).getTime());
    expect(phoneAfter.ip).toBe('10.0.0.3');
    expect(after[0]?.id).toBe(phoneSession.id);
  });

  it('revokes one session: its access token fails at once; another user’s session is a 404', async () => {
    const email = uniqueEmail('revoke');
    await registerUser(t.app, { email });
    const laptop = await signIn(email, CHROME_LINUX);
    const phone = await signIn(email, SAFARI_IPHONE);
    const sessions = (await api('GET', '/auth/sessions', laptop.accessToken)).json().data as Array<{ id: string; device: string }>;
    const phoneId = sessions.find((session) => session.device === 'Safari on iPhone')!.id;

    const stranger = await registerUser(t.app);
    expect((await api('DELETE', `/auth/sessions/${phoneId}`, stranger.accessToken)).statusCode).toBe(404);
    expect((await api('GET', '/user/me', phone.accessToken)).statusCode).toBe(200);

    const revoked = await api('DELETE', `/auth/sessions/${phoneId}`, laptop.accessToken);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe('Session signed out');
    const dead = await api('GET', '/user/me', phone.accessToken);
    expect(dead.statusCode).toBe(401);
    expect(dead.json()).toEqual({
      success: false,
      message: 'Your session has ended. Please sign in again.',
      error: { code: 'UNAUTHORIZED' },
    });
    expect((await api('POST', '/auth/refresh', null, { refreshToken: phone.refreshToken })).statusCode).toBe(401);
    expect((await api('DELETE', `/auth/sessions/${phoneId}`, laptop.accessToken)).statusCode).toBe(404);
    expect((await api('DELETE', '/auth/sessions/not-a-uuid', laptop.accessToken)).statusCode).toBe(400);
    expect((await api('DELETE', `/auth/sessions/${phoneId}`, null)).statusCode).toBe(401);
  });

  it('revoke-others keeps only the current session', async () => {
    const email = uniqueEmail('others');
    const first = await registerUser(t.app, { email });
    const laptop = await signIn(email, CHROME_LINUX);
    const phone = await signIn(email, SAFARI_IPHONE);
    const response = await api('POST', '/auth/sessions/revoke-others', laptop.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { revoked: 2 }, message: 'Signed out of all other sessions' });
    expect((await api('GET', '/user/me', phone.accessToken)).statusCode).toBe(401);
    expect((await api('GET', '/user/me', first.accessToken)).statusCode).toBe(401);
    expect((await api('GET', '/user/me', laptop.accessToken)).statusCode).toBe(200);
    expect((await api('GET', '/auth/sessions', laptop.accessToken)).json().data).toHaveLength(1);
    expect((await api('POST', '/auth/sessions/revoke-others', null)).statusCode).toBe(401);
  });

  it('logout ends the presented token’s session, including its access token', async () => {
    const email = uniqueEmail('logout');
    await registerUser(t.app, { email });
    const laptop = await signIn(email, CHROME_LINUX);
    const phone = await signIn(email, SAFARI_IPHONE);
    expect((await api('POST', '/auth/logout', null, { refreshToken: phone.refreshToken })).statusCode).toBe(200);
    expect((await api('GET', '/user/me', phone.accessToken)).statusCode).toBe(401);
    expect((await api('GET', '/user/me', laptop.accessToken)).statusCode).toBe(200);
  });

  it('reuse of a spent refresh token kills the family and its access tokens', async () => {
    const email = uniqueEmail('reuse');
    await registerUser(t.app, { email });
    const session = await signIn(email, CHROME_LINUX);
    const rotated = await api('POST', '/auth/refresh', null, { refreshToken: session.refreshToken });
    const fresh = rotated.json().data as { accessToken: string; refreshToken: string };
    expect((await api('GET', '/user/me', fresh.accessToken)).statusCode).toBe(200);
    expect((await api('POST', '/auth/refresh', null, { refreshToken: session.refreshToken })).statusCode).toBe(401);
    expect((await api('POST', '/auth/refresh', null, { refreshToken: fresh.refreshToken })).statusCode).toBe(401);
    expect((await api('GET', '/user/me', fresh.accessToken)).statusCode).toBe(401);
    const events = (await api('GET', '/user/me/security-events?limit=50', (await signIn(email, CHROME_LINUX)).accessToken)).json().data;
    expect(events.items.map((item: { description: string }) => item.description)).toContain(
      'Session ended: a refresh token was used twice',
    );
  });
});

describe('security events', () => {
  it('records sign-ins and failures with IP and device; the user sees only their own, paginated', async () => {
    const email = uniqueEmail('events');
    await registerUser(t.app, { email });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'wrong-password-9' },
      remoteAddress: '10.7.0.1',
      headers: { 'user-agent': SAFARI_IPHONE },
    });
    const session = await signIn(email, CHROME_LINUX, '10.7.0.2');
    const page = await api('GET', '/user/me/security-events?limit=2&page=1', session.accessToken);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(data.items[0]).toMatchObject({
      type: 'sign_in',
      description: 'Signed in with password',
      ip: '10.7.0.2',
      device: 'Chrome on Linux',
    });
    expect(data.items[1]).toMatchObject({
      type: 'sign_in_failed',
      description: 'Failed sign-in (wrong password)',
      ip: '10.7.0.1',
      device: 'Safari on iPhone',
    });
    expect(typeof data.items[0].createdAt).toBe('string');
    const other = await registerUser(t.app);
    const theirs = (await api('GET', '/user/me/security-events', other.accessToken)).json().data;
    expect(theirs.total).toBe(1);
    expect((await api('GET', '/user/me/security-events', null)).statusCode).toBe(401);
    expect((await api('GET', '/user/me/security-events?limit=0', session.accessToken)).statusCode).toBe(400);
    expect((await api('GET', '/user/me/security-events?type=sign_in', session.accessToken)).statusCode).toBe(400);
  });

  it('admins read every user’s events with the e-mail, filtered by user and type; others get 401/403', async () => {
    const email = uniqueEmail('admin-view');
    const { user } = await registerUser(t.app, { email });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'wrong-password-9' } });
    const filtered = await api('GET', `/admin/security-events?userId=${user.id}&type=sign_in_failed`, adminToken);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().data.items).toEqual([
      expect.objectContaining({
        type: 'sign_in_failed',
        userId: user.id,
        userEmail: email,
        description: 'Failed sign-in (wrong password)',
      }),
    ]);
    const all = await api('GET', '/admin/security-events?limit=100', adminToken);
    expect(all.json().data.total).toBeGreaterThan(5);
    const ghost = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: uniqueEmail('nobody'), password: 'x1' },
    });
    expect(ghost.statusCode).toBe(401);
    const failures = (await api('GET', '/admin/security-events?type=sign_in_failed&limit=100', adminToken)).json().data.items;
    expect(failures.some((item: { userId: string | null }) => item.userId === null)).toBe(true);

    expect((await api('GET', '/admin/security-events', null)).statusCode).toBe(401);
    expect((await api('GET', '/admin/security-events', (await registerUser(t.app)).accessToken)).statusCode).toBe(403);
    for (const query of ['type=nope', 'userId=abc', 'limit=500', 'sort=x']) {
      expect((await api('GET', `/admin/security-events?${query}`, adminToken)).statusCode).toBe(400);
    }
  });
});
