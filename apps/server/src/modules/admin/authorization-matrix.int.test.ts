import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, salesPilotJob, submitJob, waitForJob } from '../../test/job-helpers.ts';
import { generateKey, verifiedUser } from '../../test/api-key-helpers.ts';
import { connectApp } from '../../test/mcp-oauth-helpers.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { paymentMethods } from '../payments/card/tables.ts';
import { cryptoPayments } from '../payments/crypto/tables.ts';
import { orders } from '../payments/orders/tables.ts';

/**
 * The authorization matrix, built from the server's own route table (every route added, seen by an
 * onRoute hook): a route added later is covered without touching this file.
 */
type Route = { method: string; url: string };
const table: Route[] = [];
const collect = (route: RouteOptions) => {
  for (const method of [route.method].flat()) {
    if (method !== 'HEAD' && method !== 'OPTIONS') table.push({ method, url: route.url });
  }
};

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ onRoute: collect, jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() } });
  admin = await adminAccessToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const fill = (url: string, values: Record<string, string> = {}) =>
  url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? (/id$/i.test(name) ? UNKNOWN_ID : 'x'));
/** Valid bodies where an empty one would stop at validation before the ownership check. */
const bodies: Record<string, object> = {
  'POST /api/v1/payment/invoices/:id/refund-request': { reason: 'The pictures did not match what I asked for at all.' },
  'POST /api/v1/api-keys/:id/roll': { grace: '1h' },
  'PATCH /api/v1/api-keys/:id': { name: 'Renamed by someone else' },
};
const call = (route: Route, url: string, token?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: route.method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: bodies[`${route.method} ${route.url}`] ?? {} } : {}),
  });

describe('every /admin route', () => {
  it('answers 401 to a guest, 403 to a signed-in user, and neither (nor a 5xx) to an admin', async () => {
    const adminRoutes = table.filter((route) => route.url.startsWith('/api/v1/admin'));
    // Sanity: the table really is the app's (users, catalogue, jobs, audit, security events at least).
    expect(adminRoutes.length).toBeGreaterThan(25);
    const { accessToken: user } = await registerUser(t.app);
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const url = fill(route.url);
      const label = `${route.method} ${route.url}`;
      const guest = await call(route, url);
      if (guest.statusCode !== 401) failures.push(`${label}: guest got ${guest.statusCode}`);
      const plain = await call(route, url, user);
      if (plain.statusCode !== 403) failures.push(`${label}: user got ${plain.statusCode}`);
      const asAdmin = await call(route, url, admin);
      if ([401, 403].includes(asAdmin.statusCode) || asAdmin.statusCode >= 500) {
        failures.push(`${label}: admin got ${asAdmin.statusCode} ${asAdmin.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('user-owned resources', () => {
  /** Route prefixes whose parameters name something a user owns; every such route must be listed here. */
  const ownedPrefixes = [
    '/api/v1/jobs/',
    '/api/v1/api-keys/',
    '/api/v1/auth/sessions/',
    '/api/v1/payment/invoices/',
    '/api/v1/payment/orders/',
    '/api/v1/payment/methods/',
    '/api/v1/payment/crypto/status/',
    '/api/v1/connected-apps/',
  ];

  it('answer 404 to another user on every route that names them, while the owner reaches them', async () => {
    const owner = await verifiedUser(t.app, t.database.db, 50);
    const other = await verifiedUser(t.app, t.database.db, 50);

    const submitted = await submitJob(t.app, owner.token, salesPilotJob);
    expect(submitted.statusCode).toBe(201);
    const job = await waitForJob(t.app, owner.token, submitted.json().data.id as string);
    expect(job.status).toBe('succeeded');
    const key = await generateKey(t.app, owner.token);
    await connectApp(t.app, owner.token);
    const [grant] = (await t.app.inject({ method: 'GET', url: '/api/v1/connected-apps', headers: bearer(owner.token) })).json()
      .data as Array<{ id: string }>;
    const sessions = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: bearer(owner.token) })).json().data;
    const [order] = await t.database.db
      .insert(orders)
      .values({
        userId: owner.id,
        kind: 'credit_pack',
        description: 'Pro',
        amountCents: 900,
        credits: 100,
        provider: 'nowpayments',
        status: 'paid',
        paidAt: new Date(),
        invoiceNumber: 990001,
      })
      .returning();
    const [crypto] = await t.database.db
      .insert(cryptoPayments)
      .values({
        orderId: order?.id ?? '',
        paymentId: `pay-${owner.id}`,
        payCurrency: 'btc',
        payAmount: '0.001',
        payAddress: 'bc1qtest',
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .returning();

    const [method] = await t.database.db
      .insert(paymentMethods)
      .values({
        userId: owner.id,
        provider: 'stripe',
        providerMethodId: `pm_${owner.id}`,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
      })
      .returning();

    const values: Record<string, Record<string, string>> = {
      '/api/v1/jobs/': { id: job.id, outputId: job.outputs[0]?.id ?? UNKNOWN_ID },
      '/api/v1/api-keys/': { id: key.id },
      '/api/v1/auth/sessions/': { id: (sessions.items ?? sessions)[0].id as string },
      '/api/v1/payment/invoices/': { id: order?.id ?? '' },
      '/api/v1/payment/orders/': { id: order?.id ?? '' },
      '/api/v1/payment/methods/': { id: method?.id ?? '' },
      '/api/v1/payment/crypto/status/': { paymentId: crypto?.paymentId ?? '' },
      '/api/v1/connected-apps/': { id: grant?.id ?? '' },
    };
    const owned = table.filter((route) => route.url.includes('/:') && ownedPrefixes.some((prefix) => route.url.startsWith(prefix)));
    expect(owned.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of owned) {
      const prefix = ownedPrefixes.find((candidate) => route.url.startsWith(candidate)) ?? '';
      const url = fill(route.url, values[prefix]);
      const response = await call(route, url, other.token);
      if (response.statusCode !== 404) failures.push(`${route.method} ${route.url}: another user got ${response.statusCode}`);
    }
    expect(failures).toEqual([]);

    // The same ids are real: their owner reads them.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}`, headers: bearer(owner.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/api-keys/${key.id}`, headers: bearer(owner.token) })).statusCode).toBe(200);
    if (table.some((route) => route.url === '/api/v1/payment/invoices/:id')) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/payment/invoices/${order?.id}`, headers: bearer(owner.token) })).statusCode,
      ).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}`, headers: bearer(other.token) })).statusCode).toBe(404);
  });

  it('every parameterised route outside /admin that a signed-in user calls is either owner-checked above or public', async () => {
    const publicOrShared = [
      '/api/v1/credits/packages/',
      '/api/v1/payment/plans/',
      '/api/v1/payment/credit-packs/',
      '/api/v1/files/',
      '/api/v1/blog/',
      '/api/v1/community/',
      '/api/v1/introduction-dialogs/',
      '/uploads/avatars/',
      '/api/v1/auth/',
      // The offline card provider's checkout page, addressed by an unguessable session id like Stripe's.
      '/api/v1/payment/test-mode/checkout/',
      // Hosted providers' webhooks: no user, a delivery counts only once its signature holds.
      '/api/v1/webhooks/providers/',
      // An MCP client's sign-in request, addressed by an unguessable one-time consent id; whoever signs in answers it.
      '/api/v1/oauth/authorizations/',
    ];
    const unknown = table
      .filter((route) => route.url.includes('/:') && !route.url.startsWith('/api/v1/admin'))
      .filter((route) => ![...ownedPrefixes, ...publicOrShared].some((prefix) => route.url.startsWith(prefix)))
      .map((route) => `${route.method} ${route.url}`);
    expect(unknown).toEqual([]);
  });
});

it('a signed-in user with a balance is a real user here (guards against a vacuous matrix)', async () => {
  const { user, accessToken } = await registerUser(t.app);
  await setBalance(t.database.db, user.id, 1);
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: bearer(accessToken) })).statusCode).toBe(200);
});
