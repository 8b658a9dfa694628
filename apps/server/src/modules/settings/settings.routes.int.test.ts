import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogSchema } from '@lumen/core/admin/schemas';
import { adminSettingsSchema, publicSettingsSchema, settingsMessages } from '@lumen/core/settings/platform-settings';
import type { PlatformSettingsInput } from '@lumen/core/settings/platform-settings';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, registerUser, setCookie, uniqueEmail } from '../../test/http-helpers.ts';
import { startLocalOidcProvider } from '../../test/local-oidc-provider.ts';
import type { LocalOidcProvider } from '../../test/local-oidc-provider.ts';
import { generateKey, verifiedUser } from '../../test/api-key-helpers.ts';
import { getPlatformSettings } from './settings.service.ts';

let t: TestApp;
let provider: LocalOidcProvider;
let admin: string;

beforeAll(async () => {
  provider = await startLocalOidcProvider({ user: { sub: 'sub-x', email: uniqueEmail('g'), email_verified: true } });
  t = await buildTestApp({
    config: { google: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuer: provider.issuer } },
  });
  admin = await adminAccessToken(t.app);
});
afterAll(async () => {
  await Promise.all([t?.close(), provider?.close()]);
});

const defaults: PlatformSettingsInput = {
  signupsOpen: true,
  maintenanceBanner: { enabled: false, message: '' },
  freePlanCredits: 5,
  cryptoThreshold: 19.2,
  defaultApiKeyRateLimit: 100,
  supportUrl: '',
  communityUrl: '',
  supportEmail: '',
  seller: { name: 'Lumen Studio', address: '', email: '', taxId: '' },
};
const put = (payload: unknown, token = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: bearer(token), payload: payload as object });
const publicSettings = async () =>
  publicSettingsSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/settings/public' })).json().data);
const register = (email = uniqueEmail('s')) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { firstName: 'Ada', lastName: 'L', email, password: 'correct-horse-1' },
  });

beforeEach(async () => {
  expect((await put(defaults)).statusCode).toBe(200);
});

describe('GET /settings/public and GET /admin/settings', () => {
  it('start from the platform defaults and hide the seller details from the public', async () => {
    const open = await publicSettings();
    expect(open).toEqual({
      signupsOpen: true,
      maintenanceBanner: { enabled: false, message: '' },
      freePlanCredits: 5,
      cryptoThreshold: 19.2,
      defaultApiKeyRateLimit: 100,
      supportUrl: '',
      communityUrl: '',
      supportEmail: '',
    });
    const stored = adminSettingsSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: bearer(admin) })).json().data,
    );
    expect(stored.settings.seller.name).toBe('Lumen Studio');
    expect(stored.updatedBy).toBe('admin@example.com');
  });
});

describe('PUT /admin/settings', () => {
  it('saves every field, shows them at once (the cache is cleared on write), and audits before and after', async () => {
    const next = {
      ...defaults,
      maintenanceBanner: { enabled: true, message: '  Maintenance tonight 22:00–23:00 UTC  ' },
      cryptoThreshold: 25.5,
      supportUrl: 'https://chat.lumen.example',
      communityUrl: 'https://discord.gg/lumen',
      supportEmail: 'help@lumen.example',
      seller: { name: 'Lumen Studio Ltd', address: '1 Main St\nDublin', email: 'billing@lumen.example', taxId: 'IE123' },
    };
    await getPlatformSettings(t.app.db); // warm the cache
    const response = await put(next);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Settings saved');
    expect(await publicSettings()).toMatchObject({
      maintenanceBanner: { enabled: true, message: 'Maintenance tonight 22:00–23:00 UTC' },
      cryptoThreshold: 25.5,
      supportEmail: 'help@lumen.example',
    });
    expect((await getPlatformSettings(t.app.db)).seller).toEqual(next.seller);
    const audit = auditLogSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit-log?action=settings.update&limit=1', headers: bearer(admin) })).json()
        .data,
    );
    expect(audit.items[0]).toMatchObject({
      targetType: 'settings',
      before: { cryptoThreshold: 19.2, maintenanceBanner: { enabled: false } },
      after: { cryptoThreshold: 25.5, supportUrl: 'https://chat.lumen.example' },
    });
  });

  it.each([
    [{ maintenanceBanner: { enabled: true, message: '' } }, 'maintenanceBanner.message'],
    [{ freePlanCredits: -1 }, 'freePlanCredits'],
    [{ freePlanCredits: 1.5 }, 'freePlanCredits'],
    [{ cryptoThreshold: 19.999 }, 'cryptoThreshold'],
    [{ defaultApiKeyRateLimit: 0 }, 'defaultApiKeyRateLimit'],
    [{ supportUrl: 'javascript:alert(1)' }, 'supportUrl'],
    [{ supportEmail: 'not-an-email' }, 'supportEmail'],
    [{ seller: { name: '', address: '', email: '', taxId: '' } }, 'seller.name'],
    [{ role: 'ADMIN' }, ''],
  ])('refuses %o with 400 and changes nothing', async (change, field) => {
    const response = await put({ ...defaults, ...change });
    expect(response.statusCode).toBe(400);
    if (field) expect(response.json().error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await publicSettings()).toMatchObject({ freePlanCredits: 5, cryptoThreshold: 19.2 });
  });

  it('is for admins only', async () => {
    const { accessToken } = await registerUser(t.app);
    expect((await put(defaults, accessToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', payload: defaults })).statusCode).toBe(401);
  });
});

describe('the app reads the settings', () => {
  it('closed sign-ups refuse registration with a clear 403; existing people still sign in', async () => {
    const { user } = await registerUser(t.app);
    await put({ ...defaults, signupsOpen: false });
    const refused = await register();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(settingsMessages.signupsClosed);
    expect(await publicSettings()).toMatchObject({ signupsOpen: false });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'correct-horse-1' },
    });
    expect(login.statusCode).toBe(200);
    await put(defaults);
    expect((await register()).statusCode).toBe(201);
  });

  it('closed sign-ups refuse a new Google account with the message on /auth/callback', async () => {
    await put({ ...defaults, signupsOpen: false });
    const email = uniqueEmail('gclosed');
    provider.setUser({ sub: `sub-${email}`, email, email_verified: true });
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/google' });
    const flowCookie = setCookie(start, 'oauth_flow')?.split(';')[0] ?? '';
    const atProvider = await fetch(new URL(String(start.headers.location)), { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location') ?? '');
    const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: flowCookie } });
    const location = new URL(String(callback.headers.location));
    expect(location.searchParams.get('error')).toBe('oauth_error');
    expect(location.searchParams.get('message')).toBe(settingsMessages.signupsClosed);
  });

  it("the free plan's credits are the sign-up bonus (0 gives none)", async () => {
    await put({ ...defaults, freePlanCredits: 12 });
    expect((await registerUser(t.app)).user.credit.balance).toBe(12);
    await put({ ...defaults, freePlanCredits: 0 });
    const none = await registerUser(t.app);
    expect(none.user.credit.balance).toBe(0);
    const history = (await t.app.inject({ method: 'GET', url: '/api/v1/credits/history', headers: bearer(none.accessToken) })).json().data;
    expect(history.total).toBe(0);
  });

  it('the default API key rate limit applies when a key is generated without one', async () => {
    await put({ ...defaults, defaultApiKeyRateLimit: 250 });
    const owner = await verifiedUser(t.app, t.database.db);
    expect((await generateKey(t.app, owner.token)).rateLimit).toBe(250);
    expect((await generateKey(t.app, owner.token, { rateLimit: 7 })).rateLimit).toBe(7);
  });
});
