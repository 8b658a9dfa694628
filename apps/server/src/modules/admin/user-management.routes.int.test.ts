import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserListSchema, auditLogSchema } from '@lumen/core/admin/schemas';
import { adminSessionListSchema, adminUserApiKeyListSchema, adminUserOrderListSchema } from '@lumen/core/admin/user-activity';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { generateKey, verifiedUser } from '../../test/api-key-helpers.ts';
import { moveCredits } from '../credits/credits.service.ts';
import { orders } from '../payments/orders/tables.ts';
import { users } from '../users/tables.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAccessToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
const list = async (query: string) => adminUserListSchema.parse((await get(`/admin/users?${query}`)).json().data);

describe('GET /admin/users filters and sort', () => {
  it('filters by status (active, suspended, unverified) and plan (free, paid), and sorts', async () => {
    const marker = `mk${Date.now().toString(36)}`;
    const unverified = await registerUser(t.app, { firstName: `Cleo${marker}` });
    const active = await verifiedUser(t.app, t.database.db, 0);
    await t.database.db
      .update(users)
      .set({ firstName: `Abe${marker}` })
      .where(eq(users.id, active.id));
    const suspended = await verifiedUser(t.app, t.database.db, 0);
    await t.database.db
      .update(users)
      .set({ firstName: `Bea${marker}` })
      .where(eq(users.id, suspended.id));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/users/${suspended.id}/suspend`,
          headers: bearer(admin),
          payload: { reason: 'spam' },
        })
      ).statusCode,
    ).toBe(200);
    await moveCredits(t.database.db, {
      userId: active.id,
      amount: 100,
      kind: 'purchase',
      idempotencyKey: `test-purchase:${active.id}`,
      reason: 'Pro',
    });

    const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
    expect(ids((await list(`search=${marker}&status=active`)).items)).toEqual([active.id]);
    expect(ids((await list(`search=${marker}&status=suspended`)).items)).toEqual([suspended.id]);
    expect(ids((await list(`search=${marker}&status=unverified`)).items)).toEqual([unverified.user.id]);
    expect(ids((await list(`search=${marker}&plan=paid`)).items)).toEqual([active.id]);
    expect(ids((await list(`search=${marker}&plan=free&sort=name`)).items)).toEqual([suspended.id, unverified.user.id]);

    const byName = await list(`search=${marker}&sort=name`);
    expect(byName.items.map((item) => item.firstName)).toEqual([`Abe${marker}`, `Bea${marker}`, `Cleo${marker}`]);
    expect(byName.items.map((item) => [item.status, item.plan])).toEqual([
      ['active', 'paid'],
      ['suspended', 'free'],
      ['unverified', 'free'],
    ]);
    expect(ids((await list(`search=${marker}&sort=balance`)).items)[0]).toBe(active.id);
    expect(ids((await list(`search=${marker}&sort=oldest`)).items)).toEqual([unverified.user.id, active.id, suspended.id]);
  });

  it.each(['status=banned', 'plan=gold', 'sort=random'])('refuses ?%s with 400', async (query) => {
    const response = await get(`/admin/users?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });
});

describe("a user's API keys and orders", () => {
  it('lists the keys by prefix (never the secret) and the orders, newest first; 404 for an unknown user', async () => {
    const owner = await verifiedUser(t.app, t.database.db, 0);
    const key = await generateKey(t.app, owner.token, { name: 'CI key' });
    const keysResponse = await get(`/admin/users/${owner.id}/api-keys`);
    const keys = adminUserApiKeyListSchema.parse(keysResponse.json().data);
    expect(keys).toEqual([
      expect.objectContaining({ id: key.id, name: 'CI key', keyPrefix: key.keyPrefix, status: 'active', rateLimit: 100 }),
    ]);
    expect(keysResponse.body).not.toContain(key.apiKey);

    await t.database.db.insert(orders).values([
      {
        userId: owner.id,
        kind: 'credit_pack',
        description: 'Pro',
        amountCents: 900,
        credits: 100,
        provider: 'stripe',
        status: 'paid',
        paidAt: new Date(),
        invoiceNumber: 880001,
      },
      {
        userId: owner.id,
        kind: 'credit_pack',
        description: 'Plus',
        amountCents: 2900,
        credits: 400,
        provider: 'nowpayments',
        status: 'pending',
        createdAt: new Date(Date.now() + 1000),
      },
    ]);
    const ordersList = adminUserOrderListSchema.parse((await get(`/admin/users/${owner.id}/orders`)).json().data);
    expect(ordersList.map((order) => [order.description, order.status, order.amountCents])).toEqual([
      ['Plus', 'pending', 2900],
      ['Pro', 'paid', 900],
    ]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/admin/users/${unknown}/api-keys`)).statusCode).toBe(404);
    expect((await get(`/admin/users/${unknown}/orders`)).statusCode).toBe(404);
  });
});

describe('GET /admin/sessions and DELETE /admin/sessions/{id}', () => {
  it('lists live sessions across users, and revoking one signs that device out at once; audited', async () => {
    const { user, accessToken } = await registerUser(t.app);
    await setBalance(t.database.db, user.id, 1);
    const mine = adminSessionListSchema.parse((await get(`/admin/sessions?userId=${user.id}`)).json().data);
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ userId: user.id, userEmail: user.email, ip: '127.0.0.1' });
    const bySearch = adminSessionListSchema.parse((await get(`/admin/sessions?search=${encodeURIComponent(user.email)}`)).json().data);
    expect(bySearch.items.map((item) => item.id)).toEqual([mine.items[0]?.id]);
    const all = adminSessionListSchema.parse((await get('/admin/sessions?limit=100')).json().data);
    expect(all.items.some((item) => item.userEmail === 'admin@example.com')).toBe(true);

    const sessionId = mine.items[0]?.id ?? '';
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/sessions/${sessionId}`, headers: bearer(admin) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe('Session revoked');
    expect((await get('/user/me', accessToken)).statusCode).toBe(401);
    expect(adminSessionListSchema.parse((await get(`/admin/sessions?userId=${user.id}`)).json().data).total).toBe(0);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/sessions/${sessionId}`, headers: bearer(admin) })).statusCode).toBe(
      404,
    );

    const audit = auditLogSchema.parse((await get('/admin/audit-log?action=session.revoke&limit=1')).json().data);
    expect(audit.items[0]).toMatchObject({ targetType: 'session', targetId: sessionId, before: { userId: user.id }, ip: '127.0.0.1' });
    const events = (await get(`/admin/security-events?userId=${user.id}&type=session_revoked`)).json().data;
    expect(events.total).toBe(1);
  });

  it('refuses bad queries and ids with 400', async () => {
    expect((await get('/admin/sessions?userId=abc')).statusCode).toBe(400);
    expect((await get('/admin/sessions?limit=1000')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/admin/sessions/abc', headers: bearer(admin) })).statusCode).toBe(400);
  });
});
