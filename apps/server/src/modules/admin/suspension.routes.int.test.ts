import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { auditLogSchema } from '@lumen/core/admin/schemas';
import { accountSuspendedMessage } from '@lumen/core/users/suspension';
import { adminAccessToken, buildTestApp, TEST_ADMIN_EMAIL } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { VALID_PASSWORD, bearer, registerUser, setCookie, uniqueEmail } from '../../test/http-helpers.ts';
import { startLocalOidcProvider } from '../../test/local-oidc-provider.ts';
import type { LocalOidcProvider } from '../../test/local-oidc-provider.ts';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';
import { users } from '../users/tables.ts';

let t: TestApp;
let provider: LocalOidcProvider;
let admin: string;
let adminId: string;

beforeAll(async () => {
  provider = await startLocalOidcProvider({ user: { sub: 'sub-x', email: uniqueEmail('g'), email_verified: true } });
  t = await buildTestApp({
    config: { google: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuer: provider.issuer } },
  });
  admin = await adminAccessToken(t.app);
  adminId = (await me(admin)).json().data.id;
});
afterAll(async () => {
  await Promise.all([t?.close(), provider?.close()]);
});

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(token) });
const suspend = (userId: string, payload: unknown = { reason: 'Chargeback fraud' }, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/users/${userId}/suspend`, headers: bearer(token), payload: payload as object });
const reactivate = (userId: string, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/users/${userId}/reactivate`, headers: bearer(token) });
const login = (email: string, password = VALID_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });
const balanceByKey = (key: string) => t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: xApiKey(key) });

async function googleRoundTrip(): Promise<URL> {
  const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/google' });
  const flowCookie = setCookie(start, 'oauth_flow')?.split(';')[0] ?? '';
  const atProvider = await fetch(new URL(String(start.headers.location)), { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location') ?? '');
  const callback: LightMyRequestResponse = await t.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: { cookie: flowCookie },
  });
  expect(callback.statusCode).toBe(302);
  return new URL(String(callback.headers.location));
}

describe('POST /admin/users/{id}/suspend', () => {
  it('signs the user out everywhere at once: access token, refresh token and sign-in all refused; audited', async () => {
    const email = uniqueEmail('suspended');
    const { user, accessToken, refreshToken } = await registerUser(t.app, { email });
    expect((await me(accessToken)).statusCode).toBe(200);

    const response = await suspend(user.id, { reason: '  Chargeback fraud  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'User suspended',
      data: { suspendedAt: expect.any(String), suspendedReason: 'Chargeback fraud', revokedSessions: 1 },
    });

    const afterwards = await me(accessToken);
    expect(afterwards.statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);

    const signIn = await login(email);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ success: false, message: accountSuspendedMessage });
    // A wrong password still gets the plain 401: the suspension is told only to the account holder.
    expect((await login(email, 'wrong-password-9')).statusCode).toBe(401);

    const detail = (await t.app.inject({ method: 'GET', url: `/api/v1/admin/users/${user.id}`, headers: bearer(admin) })).json().data;
    expect(detail.suspension).toMatchObject({ suspendedReason: 'Chargeback fraud' });

    const audit = auditLogSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit-log?action=user.suspend&limit=1', headers: bearer(admin) })).json()
        .data,
    );
    expect(audit.items[0]).toMatchObject({
      targetType: 'user',
      targetId: user.id,
      before: { suspendedAt: null },
      after: { suspendedReason: 'Chargeback fraud', revokedSessions: 1 },
    });
  });

  it('a token still inside its 15 minutes stops at once even if a session somehow stayed live (the suspension is read per request)', async () => {
    const { user, accessToken } = await registerUser(t.app);
    await t.database.db.update(users).set({ suspendedAt: new Date(), suspendedReason: 'direct' }).where(eq(users.id, user.id));
    const response = await me(accessToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(accountSuspendedMessage);
  });

  it('a key of a suspended user gets 401 at once (no stale cache); reactivated, the same key works again', async () => {
    const owner = await verifiedUser(t.app, t.database.db, 3);
    const key = await generateKey(t.app, owner.token);
    expect((await balanceByKey(key.apiKey)).statusCode).toBe(200);

    expect((await suspend(owner.id)).statusCode).toBe(200);
    const refused = await balanceByKey(key.apiKey);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(accountSuspendedMessage);

    expect((await reactivate(owner.id)).statusCode).toBe(200);
    expect((await balanceByKey(key.apiKey)).statusCode).toBe(200);
  });

  it('refuses Google sign-in of a suspended account with the message on /auth/callback', async () => {
    const email = uniqueEmail('gsuspended');
    provider.setUser({ sub: `sub-${email}`, email, email_verified: true, given_name: 'Grace', family_name: 'Hopper' });
    const first = await googleRoundTrip();
    const token = first.searchParams.get('access_token') ?? '';
    const userId = (await me(token)).json().data.id as string;
    expect((await suspend(userId)).statusCode).toBe(200);
    const again = await googleRoundTrip();
    expect(again.pathname).toBe('/auth/callback');
    expect(again.searchParams.get('error')).toBe('oauth_error');
    expect(again.searchParams.get('message')).toBe(accountSuspendedMessage);
    expect(again.searchParams.get('access_token')).toBeNull();
  });

  it('reactivation lets the person sign in again; old sessions stay ended', async () => {
    const email = uniqueEmail('back');
    const { user, accessToken } = await registerUser(t.app, { email });
    await suspend(user.id);
    const response = await reactivate(user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'User reactivated', data: { suspendedAt: null, suspendedReason: null } });
    expect((await me(accessToken)).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(200);
    expect((await reactivate(user.id)).statusCode).toBe(409);
  });

  it('an admin cannot suspend themselves; twice is a 409; unknown is 404; bad input is 400 and changes nothing', async () => {
    const self = await suspend(adminId);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot suspend your own account');
    expect((await login(TEST_ADMIN_EMAIL, 'admin-password-1')).statusCode).toBe(200);

    const { user, accessToken } = await registerUser(t.app);
    for (const payload of [{}, { reason: 'x' }, { reason: 'y'.repeat(501) }, { reason: 'valid reason', until: 'tomorrow' }]) {
      expect((await suspend(user.id, payload)).statusCode).toBe(400);
    }
    expect((await me(accessToken)).statusCode).toBe(200);
    expect((await suspend(user.id)).statusCode).toBe(200);
    expect((await suspend(user.id)).statusCode).toBe(409);
    expect((await suspend('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reactivate('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('a plain user cannot suspend anyone (403), a guest gets 401', async () => {
    const victim = await registerUser(t.app);
    const attacker = await registerUser(t.app);
    expect((await suspend(victim.user.id, undefined, attacker.accessToken)).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${victim.user.id}/suspend`,
      payload: { reason: 'abc def' },
    });
    expect(guest.statusCode).toBe(401);
    expect((await me(victim.accessToken)).statusCode).toBe(200);
  });
});

describe('PUT /admin/users/{id}/role', () => {
  const setRole = (userId: string, role: unknown, token = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/admin/users/${userId}/role`, headers: bearer(token), payload: { role } });

  it('promotes a user, whose sessions end so the next sign-in carries the role; audited; never your own role', async () => {
    const { user, accessToken } = await registerUser(t.app);
    const adminUsers = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: bearer(token) });
    expect((await adminUsers(accessToken)).statusCode).toBe(403);
    const response = await setRole(user.id, 'ADMIN');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ role: 'ADMIN' });
    // A role change revokes the account's sessions: no token signed with the old role outlives it.
    expect((await adminUsers(accessToken)).statusCode).toBe(401);
    const promotedToken = (await login(user.email)).json().data.accessToken as string;
    expect((await adminUsers(promotedToken)).statusCode).toBe(200);
    const audit = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit-log?action=user.role_change&limit=1', headers: bearer(admin) })
    ).json().data;
    expect(audit.items[0]).toMatchObject({ targetId: user.id, before: { role: 'USER' }, after: { role: 'ADMIN', revokedSessions: 1 } });

    const own = await setRole(adminId, 'USER');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot change your own role');
    expect((await setRole(user.id, 'ROOT')).statusCode).toBe(400);
    expect((await setRole(user.id, 'USER')).statusCode).toBe(200);
    expect((await adminUsers(promotedToken)).statusCode).toBe(401);
  });
});
