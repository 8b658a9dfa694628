import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminServiceCostListSchema, auditLogSchema } from '@lumen/core/admin/schemas';
import { creditPackageListSchema, creditPackageSchema, subscriptionPlanListSchema } from '@lumen/core/credits/schemas';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { creditPackages } from '../credits/tables.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAccessToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(token ? bearer(token) : {}), 'user-agent': 'vitest-admin' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function auditEntries(query = '') {
  return auditLogSchema.parse((await call('GET', `/admin/audit-log?limit=100${query}`, admin)).json().data);
}

async function packages(url = '/admin/credit-packages') {
  return creditPackageListSchema.parse((await call('GET', url, admin)).json().data);
}

describe('credit packages', () => {
  it('an admin price change shows in GET /credits/packages at once and is audited with before and after', async () => {
    const [, pro] = await packages();
    const response = await call('PUT', `/admin/credit-packages/${pro!.id}`, admin, { price: 7.5 });
    expect(response.statusCode).toBe(200);
    expect(creditPackageSchema.parse(response.json().data)).toMatchObject({ id: pro!.id, price: 7.5, creditsAmount: 50 });
    const publicList = await packages('/credits/packages');
    expect(publicList.find((p) => p.id === pro!.id)?.price).toBe(7.5);

    const audit = await auditEntries('&action=credit_package.update');
    expect(audit.items[0]).toMatchObject({
      action: 'credit_package.update',
      targetType: 'credit_package',
      targetId: pro!.id,
      actorEmail: 'admin@example.com',
      before: { price: 9, creditsAmount: 50 },
      after: { price: 7.5, creditsAmount: 50 },
      userAgent: 'vitest-admin',
    });
    expect(audit.items[0]?.ip).toBeTruthy();
    await call('PUT', `/admin/credit-packages/${pro!.id}`, admin, { price: 9 });
  });

  it('creates a package at the end, deactivates, reorders and archives it', async () => {
    const created = await call('POST', '/admin/credit-packages', admin, { name: ' Mega ', price: 99.99, creditsAmount: 1000 });
    expect(created.statusCode).toBe(201);
    const mega = creditPackageSchema.parse(created.json().data);
    expect(mega).toMatchObject({ name: 'Mega', price: 99.99, creditsAmount: 1000, isActive: true, sortOrder: 5 });
    expect((await packages('/credits/packages')).at(-1)?.id).toBe(mega.id);

    expect((await call('PUT', `/admin/credit-packages/${mega.id}`, admin, { isActive: false })).statusCode).toBe(200);
    expect((await packages('/credits/packages')).map((p) => p.id)).not.toContain(mega.id);
    expect((await packages()).map((p) => p.id)).toContain(mega.id);

    const ids = (await packages()).map((p) => p.id);
    const reversed = [...ids].reverse();
    const reordered = await call('PUT', '/admin/credit-packages/order', admin, { ids: reversed });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().data.map((p: { id: string }) => p.id)).toEqual(reversed);
    expect((await packages('/credits/packages')).map((p) => p.id)).toEqual(reversed.filter((id) => id !== mega.id));

    const archived = await call('DELETE', `/admin/credit-packages/${mega.id}`, admin);
    expect(archived.statusCode).toBe(200);
    expect((await packages()).map((p) => p.id)).not.toContain(mega.id);
    expect((await call('GET', `/payment/credit-packs/${mega.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/admin/credit-packages/${mega.id}`, admin, { price: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/admin/credit-packages/${mega.id}`, admin)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(creditPackages).where(eq(creditPackages.id, mega.id));
    expect(row?.archivedAt).toBeInstanceOf(Date); // never hard-deleted

    const actions = (await auditEntries('&targetType=credit_package')).items.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['credit_package.create', 'credit_package.reorder', 'credit_package.archive']));
    await call('PUT', '/admin/credit-packages/order', admin, { ids: reversed.filter((id) => id !== mega.id).reverse() });
  });

  it('a reorder must name exactly the non-archived packages', async () => {
    const ids = (await packages()).map((p) => p.id);
    const before = (await auditEntries()).total;
    for (const bad of [ids.slice(1), [...ids, '00000000-0000-4000-8000-000000000000'], [ids[0], ...ids.slice(0, -1)]]) {
      const response = await call('PUT', '/admin/credit-packages/order', admin, { ids: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0].field).toBe('ids');
    }
    expect((await packages()).map((p) => p.id)).toEqual(ids);
    expect((await auditEntries()).total).toBe(before);
  });

  it.each([
    [{ name: 'X', price: 0, creditsAmount: 1 }, 'price'],
    [{ name: 'X', price: -5, creditsAmount: 1 }, 'price'],
    [{ name: 'X', price: 9.999, creditsAmount: 1 }, 'price'],
    [{ name: 'X', price: 1e-9, creditsAmount: 1 }, 'price'],
    [{ name: 'X', price: 0.004, creditsAmount: 1 }, 'price'],
    [{ name: 'X', price: 10000.01, creditsAmount: 1 }, 'price'],
    [{ name: 'X', price: '9', creditsAmount: 1 }, 'price'],
    [{ name: 'X', price: 9, creditsAmount: 1.5 }, 'creditsAmount'],
    [{ name: 'X', price: 9, creditsAmount: 0 }, 'creditsAmount'],
    [{ name: 'X', price: 9, creditsAmount: 1_000_001 }, 'creditsAmount'],
    [{ name: '   ', price: 9, creditsAmount: 1 }, 'name'],
    [{ price: 9, creditsAmount: 1 }, 'name'],
    [{ name: 'X', price: 9, creditsAmount: 1, sortOrder: 1 }, 'sortOrder'],
    [{ name: 'X', price: 9, creditsAmount: 1, isActive: 'yes' }, 'isActive'],
  ])('POST refuses %o (400 on %s) and writes nothing', async (payload, field) => {
    const before = (await packages()).length;
    const audits = (await auditEntries()).total;
    const response = await call('POST', '/admin/credit-packages', admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await packages()).length).toBe(before);
    expect((await auditEntries()).total).toBe(audits);
  });

  it('refuses a price under one cent (it would round to 0 cents) with 400 and a message, on create and update', async () => {
    const [first] = await packages();
    for (const price of [1e-9, 0.004999]) {
      for (const response of [
        await call('POST', '/admin/credit-packages', admin, { name: 'Tiny', price, creditsAmount: 1 }),
        await call('PUT', `/admin/credit-packages/${first!.id}`, admin, { price }),
      ]) {
        expect(response.statusCode, `${price}`).toBe(400);
        expect(response.json().error.details).toContainEqual({ field: 'price', message: 'Price must be at least 0.01' });
      }
    }
    expect((await packages())[0]).toEqual(first);
  });

  it('PUT refuses an empty body, a bad uuid and unknown fields', async () => {
    const [first] = await packages();
    expect((await call('PUT', `/admin/credit-packages/${first!.id}`, admin, {})).statusCode).toBe(400);
    expect((await call('PUT', '/admin/credit-packages/nope', admin, { price: 1 })).statusCode).toBe(400);
    expect((await call('DELETE', '/admin/credit-packages/nope', admin)).statusCode).toBe(400);
    const unknown = await call('PUT', `/admin/credit-packages/${first!.id}`, admin, { priceCents: 100 });
    expect(unknown.json().error.details).toContainEqual({ field: 'priceCents', message: 'priceCents is not an accepted field' });
    expect((await packages())[0]).toEqual(first);
  });
});

describe('subscription plans', () => {
  it('creates, edits, reorders and archives a plan, all audited; /payment/plans follows', async () => {
    const created = await call('POST', '/admin/subscription-plans', admin, {
      name: 'Agency',
      description: 'Big',
      price: 99,
      interval: 'year',
      creditsPerPeriod: 5000,
      features: ['Everything', ' Priority '],
    });
    expect(created.statusCode).toBe(201);
    const agency = created.json().data;
    expect(agency).toMatchObject({ name: 'Agency', price: 99, interval: 'year', features: ['Everything', 'Priority'], sortOrder: 3 });

    const edited = await call('PUT', `/admin/subscription-plans/${agency.id}`, admin, { price: 89.5, features: [] });
    expect(edited.json().data).toMatchObject({ price: 89.5, features: [] });
    const publicPlans = subscriptionPlanListSchema.parse((await call('GET', '/payment/plans')).json().data);
    expect(publicPlans.at(-1)).toMatchObject({ id: agency.id, price: 89.5 });

    const ids = subscriptionPlanListSchema.parse((await call('GET', '/admin/subscription-plans', admin)).json().data).map((p) => p.id);
    const order = [agency.id, ...ids.filter((id) => id !== agency.id)];
    expect((await call('PUT', '/admin/subscription-plans/order', admin, { ids: order })).statusCode).toBe(200);
    expect((await call('GET', '/payment/plans')).json().data[0].id).toBe(agency.id);

    expect((await call('DELETE', `/admin/subscription-plans/${agency.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/payment/plans/${agency.id}`)).statusCode).toBe(404);
    const actions = (await auditEntries('&targetType=subscription_plan')).items.map((entry) => entry.action);
    expect(actions).toEqual([
      'subscription_plan.archive',
      'subscription_plan.reorder',
      'subscription_plan.update',
      'subscription_plan.create',
    ]);
  });

  it.each([
    [{ interval: 'week' }, 'interval'],
    [{ features: ['x'.repeat(121)] }, 'features.0'],
    [{ features: 'x' }, 'features'],
    [{ creditsPerPeriod: 0 }, 'creditsPerPeriod'],
    [{ price: 0.001 }, 'price'],
    [{ price: 1e-9 }, 'price'],
    [{ price: 0.004 }, 'price'],
    [{ stripePriceId: 'x' }, 'stripePriceId'],
  ])('PUT refuses %o with 400 on %s', async (payload, field) => {
    const [plan] = subscriptionPlanListSchema.parse((await call('GET', '/admin/subscription-plans', admin)).json().data);
    const response = await call('PUT', `/admin/subscription-plans/${plan!.id}`, admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await call('GET', `/payment/plans/${plan!.id}`)).json().data).toEqual(plan);
  });
});

describe('subscription plan prices under one cent', () => {
  it('POST answers 400 with a message and creates nothing', async () => {
    const before = subscriptionPlanListSchema.parse((await call('GET', '/admin/subscription-plans', admin)).json().data).length;
    for (const price of [1e-9, 0.004]) {
      const response = await call('POST', '/admin/subscription-plans', admin, {
        name: 'Tiny',
        price,
        interval: 'month',
        creditsPerPeriod: 1,
      });
      expect(response.statusCode, `${price}`).toBe(400);
      expect(response.json().error.details).toContainEqual({ field: 'price', message: 'Price must be at least 0.01' });
    }
    expect(subscriptionPlanListSchema.parse((await call('GET', '/admin/subscription-plans', admin)).json().data)).toHaveLength(before);
  });
});

describe('service costs', () => {
  it('lists costs, changes one (GET /credits/costs follows at once), audited', async () => {
    const list = adminServiceCostListSchema.parse((await call('GET', '/admin/service-costs', admin)).json().data);
    expect(list.find((row) => row.serviceKey === 'sales-pilot')).toMatchObject({ name: 'Sales Pilot Analysis', cost: 1 });
    const response = await call('PUT', '/admin/service-costs/sales-pilot', admin, { cost: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ serviceKey: 'sales-pilot', cost: 3 });
    expect((await call('GET', '/credits/costs')).json().data['sales-pilot']).toBe(3);
    expect((await auditEntries('&action=service_cost.update')).items[0]).toMatchObject({
      targetId: 'sales-pilot',
      before: { cost: 1 },
      after: { cost: 3 },
    });
    await call('PUT', '/admin/service-costs/sales-pilot', admin, { cost: 1 });
  });

  it('404 for an unknown service; 400 for a bad cost', async () => {
    expect((await call('PUT', '/admin/service-costs/nope', admin, { cost: 1 })).statusCode).toBe(404);
    for (const payload of [{ cost: -1 }, { cost: 1001 }, { cost: 1.5 }, { cost: '2' }, {}, { cost: 1, extra: 1 }]) {
      expect((await call('PUT', '/admin/service-costs/sales-pilot', admin, payload)).statusCode).toBe(400);
    }
    expect((await call('GET', '/credits/costs')).json().data['sales-pilot']).toBe(1);
  });
});

describe('authorization matrix', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes: Array<[Method, string, unknown?]> = [
    ['GET', '/admin/credit-packages'],
    ['POST', '/admin/credit-packages', { name: 'X', price: 1, creditsAmount: 1 }],
    ['PUT', `/admin/credit-packages/${id}`, { price: 1 }],
    ['PUT', '/admin/credit-packages/order', { ids: [id] }],
    ['DELETE', `/admin/credit-packages/${id}`],
    ['GET', '/admin/subscription-plans'],
    ['POST', '/admin/subscription-plans', { name: 'X', price: 1, interval: 'month', creditsPerPeriod: 1 }],
    ['PUT', `/admin/subscription-plans/${id}`, { price: 1 }],
    ['PUT', '/admin/subscription-plans/order', { ids: [id] }],
    ['DELETE', `/admin/subscription-plans/${id}`],
    ['GET', '/admin/service-costs'],
    ['PUT', '/admin/service-costs/sales-pilot', { cost: 9 }],
    ['GET', '/admin/users'],
    ['GET', `/admin/users/${id}`],
    ['GET', `/admin/users/${id}/credits/history`],
    ['POST', `/admin/users/${id}/credits`, { amount: 5, reason: 'because' }],
    ['GET', '/admin/audit-log'],
  ];

  it('a guest gets 401 and a user 403 on every admin route, even with bad input, and nothing changes', async () => {
    const { accessToken } = await registerUser(t.app);
    const audits = (await auditEntries()).total;
    const before = await packages();
    for (const [method, url, payload] of routes) {
      const guest = await call(method, url, undefined, payload);
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      const user = await call(method, url, accessToken, payload);
      expect(user.statusCode, `${method} ${url}`).toBe(403);
      expect(user.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
      expect((await call(method, `${url}${url.includes('?') ? '&' : '?'}junk=1`, accessToken, { junk: true })).statusCode).toBe(403);
    }
    expect((await auditEntries()).total).toBe(audits);
    expect(await packages()).toEqual(before);
    expect((await call('GET', '/credits/costs')).json().data['sales-pilot']).toBe(1);
  });
});
