import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { VALID_PASSWORD, bearer, registerUser, setCookie, uniqueEmail } from '../../test/http-helpers.ts';
import { latestMail } from '../../test/mail-helpers.ts';
import { startLocalOidcProvider } from '../../test/local-oidc-provider.ts';
import type { LocalOidcProvider, LocalOidcUser } from '../../test/local-oidc-provider.ts';
import { users } from '../users/tables.ts';

let provider: LocalOidcProvider;
let t: TestApp;
let unconfigured: TestApp;

const person = (overrides: Partial<LocalOidcUser> = {}): LocalOidcUser => {
  const email = uniqueEmail('google');
  return { sub: `sub-${email}`, email, email_verified: true, given_name: 'Grace', family_name: 'Hopper', ...overrides };
};

beforeAll(async () => {
  provider = await startLocalOidcProvider({ user: person() });
  [t, unconfigured] = await Promise.all([
    buildTestApp({ config: { google: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuer: provider.issuer } } }),
    buildTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), unconfigured?.close(), provider?.close()]);
});

const cookiePair = (response: LightMyRequestResponse, name: string) => setCookie(response, name)?.split(';')[0] ?? '';

/** Browser: /auth/google → provider /authorize → back to the callback with the flow cookie. */
async function roundTrip(
  query = '',
  tamper: (callbackUrl: URL, cookie: string) => { url: URL; cookie: string } = (url, cookie) => ({ url, cookie }),
) {
  const start = await t.app.inject({ method: 'GET', url: `/api/v1/auth/google${query}` });
  expect(start.statusCode).toBe(302);
  const flowCookie = cookiePair(start, 'oauth_flow');
  const authorize = new URL(String(start.headers.location));
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const back = tamper(new URL(atProvider.headers.get('location') ?? ''), flowCookie);
  const callback = await t.app.inject({
    method: 'GET',
    url: back.url.pathname + back.url.search,
    headers: back.cookie ? { cookie: back.cookie } : {},
  });
  expect(callback.statusCode).toBe(302);
  return { start, authorize, callback, location: new URL(String(callback.headers.location)) };
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(token) });

describe('GET /auth/google', () => {
  it('redirects to the provider with PKCE S256, state and nonce kept in a short-lived HttpOnly cookie', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/google' });
    expect(start.statusCode).toBe(302);
    const url = new URL(String(start.headers.location));
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/authorize`);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/v1/auth/google/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toBeTruthy();
    const cookie = setCookie(start, 'oauth_flow') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth\/google/);
  });

  it('refuses a redirect outside the site', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/google?redirect=//evil.example' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/google?intent=steal' })).statusCode).toBe(400);
  });

  it('without GOOGLE_CLIENT_ID sends the browser to /auth/callback with oauth_error, and public-config lists no provider', async () => {
    const response = await unconfigured.app.inject({ method: 'GET', url: '/api/v1/auth/google' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      'http://localhost:3000/auth/callback?error=oauth_error&message=Google+sign-in+is+not+configured',
    );
    const config = await unconfigured.app.inject({ method: 'GET', url: '/api/v1/public-config' });
    expect(config.json().data.oauthProviders).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/public-config' })).json().data.oauthProviders).toEqual(['google']);
  });
});

describe('Google sign-in', () => {
  it('creates a verified account without a password, with the sign-up bonus, then signs the same person in again', async () => {
    const google = person({ given_name: 'Grace', family_name: 'Hopper' });
    provider.setUser(google);
    const { callback, location } = await roundTrip('?redirect=/dashboard/tools');
    expect(location.origin + location.pathname).toBe('http://localhost:3000/auth/callback');
    expect(location.searchParams.get('provider')).toBe('google');
    expect(location.searchParams.get('redirect')).toBe('/dashboard/tools');
    const accessToken = location.searchParams.get('access_token') ?? '';
    const refreshToken = location.searchParams.get('refresh_token') ?? '';
    expect(setCookie(callback, 'refreshToken')).toContain(refreshToken);
    expect(setCookie(callback, 'oauth_flow')).toMatch(/^oauth_flow=;/);

    const user = (await me(accessToken)).json().data;
    expect(user).toMatchObject({
      email: google.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      emailVerified: true,
      credit: { balance: 5, spent: 0 },
    });
    const methods = await t.app.inject({ method: 'GET', url: '/api/v1/user/me/sign-in-methods', headers: bearer(accessToken) });
    expect(methods.json().data).toEqual({
      hasPassword: false,
      providers: [{ provider: 'google', email: google.email, linkedAt: expect.any(String) }],
    });

    const again = await roundTrip();
    const secondToken = again.location.searchParams.get('access_token') ?? '';
    expect((await me(secondToken)).json().data.id).toBe(user.id);
    const events = (await t.app.inject({ method: 'GET', url: '/api/v1/user/me/security-events', headers: bearer(secondToken) })).json().data
      .items;
    expect(events.map((event: { description: string }) => event.description)).toEqual(['Signed in with Google', 'Signed in with Google']);
  });

  it('links Google to the account with the same verified e-mail, records it and mails a notice', async () => {
    const email = uniqueEmail('existing');
    const existing = await registerUser(t.app, { email });
    const google = person({ email });
    provider.setUser(google);
    const { location } = await roundTrip();
    const token = location.searchParams.get('access_token') ?? '';
    expect((await me(token)).json().data.id).toBe(existing.user.id);
    expect((await latestMail(t.app, email))?.template).toBe('provider_linked');
    const events = (await t.app.inject({ method: 'GET', url: '/api/v1/user/me/security-events', headers: bearer(token) })).json().data
      .items;
    expect(events.map((event: { type: string }) => event.type).slice(0, 2)).toEqual(['sign_in', 'provider_linked']);
    // The address had not been verified: whoever set that password never proved it, so it is dropped.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row?.passwordHash).toBeNull();
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect((await me(existing.accessToken)).statusCode).toBe(401);
  });

  it('links Google to the first admin, whose address the seed made verified, and keeps its password and sessions', async () => {
    const signIn = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } });
    const before = await signIn();
    expect(before.statusCode).toBe(200);
    provider.setUser(person({ email: TEST_ADMIN_EMAIL }));
    const { location } = await roundTrip();
    const token = location.searchParams.get('access_token') ?? '';
    expect((await me(token)).json().data).toMatchObject({ email: TEST_ADMIN_EMAIL, role: 'ADMIN' });
    expect((await me(before.json().data.accessToken)).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
  });

  it('does not link by an unverified provider e-mail', async () => {
    const email = uniqueEmail('unverified');
    await registerUser(t.app, { email });
    provider.setUser(person({ email, email_verified: false }));
    const { location } = await roundTrip();
    expect(location.searchParams.get('error')).toBe('oauth_error');
    expect(location.searchParams.get('message')).toMatch(/^An account with this email already exists/);
  });

  it('maps provider and callback failures to the documented error codes', async () => {
    provider.setUser(person());
    provider.failNextAuthorization('access_denied');
    expect((await roundTrip()).location.searchParams.get('error')).toBe('access_denied');
    provider.failNextAuthorization('invalid_request');
    expect((await roundTrip()).location.searchParams.get('error')).toBe('invalid_request');
    provider.failNextAuthorization('temporarily_unavailable');
    expect((await roundTrip()).location.searchParams.get('error')).toBe('oauth_error');

    const badState = await roundTrip('', (url, cookie) => {
      url.searchParams.set('state', 'forged');
      return { url, cookie };
    });
    expect(badState.location.searchParams.get('error')).toBe('callback_error');
    expect(badState.location.searchParams.get('message')).toBe('There was an error processing your authentication.');

    const noCookie = await roundTrip('', (url) => ({ url, cookie: '' }));
    expect(noCookie.location.searchParams.get('error')).toBe('callback_error');

    const noCode = await roundTrip('', (url, cookie) => {
      url.searchParams.delete('code');
      return { url, cookie };
    });
    expect(noCode.location.searchParams.get('error')).toBe('oauth_failed');

    const badCode = await roundTrip('', (url, cookie) => {
      url.searchParams.set('code', 'not-a-real-code');
      return { url, cookie };
    });
    expect(badCode.location.searchParams.get('error')).toBe('callback_error');

    provider.tamperNextNonce('replayed-nonce');
    const badNonce = await roundTrip();
    expect(badNonce.location.searchParams.get('error')).toBe('callback_error');
    expect(badNonce.location.searchParams.has('access_token')).toBe(false);
  });
});

describe('linking and unlinking', () => {
  async function linkRoundTrip() {
    const { callback, location } = await roundTrip('?intent=link');
    expect(location.pathname).toBe('/dashboard/account/profile');
    expect(location.searchParams.get('link')).toBe('google');
    return { oauthId: location.searchParams.get('oauthId') ?? '', cookie: cookiePair(callback, 'oauth_link') };
  }
  const link = (token: string, body: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/link-oauth',
      payload: body as object,
      headers: { ...bearer(token), ...(cookie ? { cookie } : {}) },
    });
  const unlink = (token: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/unlink-oauth', payload: body as object, headers: bearer(token) });

  it('links a Google account proved by the round trip to the signed-in user, then unlinks it', async () => {
    const signedIn = await registerUser(t.app);
    provider.setUser(person());
    const { oauthId, cookie } = await linkRoundTrip();
    expect(oauthId).toMatch(/^ey/);
    expect((await link(signedIn.accessToken, { provider: 'google', oauthId })).statusCode).toBe(400); // no binding cookie
    expect((await link(signedIn.accessToken, { provider: 'google', oauthId: `${oauthId}x` }, cookie)).statusCode).toBe(400);
    const linked = await link(signedIn.accessToken, { provider: 'google', oauthId }, cookie);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().message).toBe('Google account linked');
    const methods = (
      await t.app.inject({ method: 'GET', url: '/api/v1/user/me/sign-in-methods', headers: bearer(signedIn.accessToken) })
    ).json().data;
    expect(methods.hasPassword).toBe(true);
    expect(methods.providers).toHaveLength(1);
    expect((await latestMail(t.app, signedIn.user.email))?.template).toBe('provider_linked');

    const removed = await unlink(signedIn.accessToken, { provider: 'google' });
    expect(removed.statusCode).toBe(200);
    expect((await unlink(signedIn.accessToken, { provider: 'google' })).statusCode).toBe(404);
  });

  it('refuses a Google account linked to someone else (409) and removing the only sign-in method (409)', async () => {
    const google = person();
    provider.setUser(google);
    const owner = await roundTrip();
    const ownerToken = owner.location.searchParams.get('access_token') ?? '';

    const someoneElse = await registerUser(t.app);
    const { oauthId, cookie } = await linkRoundTrip();
    const conflict = await link(someoneElse.accessToken, { provider: 'google', oauthId }, cookie);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('This Google account is already linked to another user');

    const last = await unlink(ownerToken, { provider: 'google' });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('You cannot remove your only sign-in method. Set a password first.');
  });

  it('answers a failed link round trip on the profile page', async () => {
    provider.failNextAuthorization('access_denied');
    const { location } = await roundTrip('?intent=link');
    expect(location.pathname).toBe('/dashboard/account/profile');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('message')).toBe('Access was denied. Please try again.');
  });

  it('needs a signed-in user and valid bodies', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/link-oauth', payload: { provider: 'google', oauthId: 'x' } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/unlink-oauth', payload: { provider: 'google' } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me/sign-in-methods' })).statusCode).toBe(401);
    const { accessToken } = await registerUser(t.app, { password: VALID_PASSWORD });
    for (const body of [
      {},
      { provider: 'github', oauthId: 'x' },
      { provider: 'google' },
      { provider: 'google', oauthId: '' },
      { provider: 'google', oauthId: 'x', extra: 1 },
    ]) {
      expect((await link(accessToken, body)).statusCode).toBe(400);
    }
    for (const body of [{}, { provider: 'facebook' }, { provider: 'google', extra: 1 }]) {
      expect((await unlink(accessToken, body)).statusCode).toBe(400);
    }
  });
});
