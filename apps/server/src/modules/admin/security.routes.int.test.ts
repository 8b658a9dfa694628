import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedSignInsSchema } from '@lumen/core/admin/ip-blocks';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, registerUser, uniqueEmail } from '../../test/http-helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ loginThrottle: { maxFailuresPerEmail: 1000, maxFailuresPerIp: 1000 } });
  admin = await adminAccessToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(admin) });
const failLogin = (email: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'wrong-password-1' }, remoteAddress });

describe('GET /admin/security/failed-sign-ins', () => {
  it('counts failures per hour (every hour of the range) and per IP with the accounts tried', async () => {
    const victim = await registerUser(t.app);
    for (let i = 0; i < 3; i += 1) await failLogin(victim.user.email, '203.0.113.5');
    await failLogin(uniqueEmail('nobody'), '203.0.113.5');
    await failLogin(victim.user.email, '198.51.100.8');
    const data = failedSignInsSchema.parse((await get('/admin/security/failed-sign-ins')).json().data);
    expect(data.perHour).toHaveLength(25);
    expect(data.total).toBe(5);
    expect(data.perHour.at(-1)?.count).toBe(5);
    expect(data.perIp[0]).toMatchObject({ ip: '203.0.113.5', count: 4, accounts: 2 });
    expect(data.perIp[1]).toMatchObject({ ip: '198.51.100.8', count: 1, accounts: 1 });

    const past = failedSignInsSchema.parse(
      (await get('/admin/security/failed-sign-ins?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z')).json().data,
    );
    expect(past).toMatchObject({ total: 0, perIp: [] });
    expect(past.perHour).toHaveLength(24);
  });

  it.each([
    'from=yesterday',
    'from=2020-01-02T00:00:00Z&to=2020-01-01T00:00:00Z',
    'from=2020-01-01T00:00:00Z&to=2020-03-01T00:00:00Z',
    'ip=1',
  ])('refuses ?%s with 400', async (query) => {
    expect((await get(`/admin/security/failed-sign-ins?${query}`)).statusCode).toBe(400);
  });
});

describe('searching security events and the audit log', () => {
  it('finds security events by e-mail or IP and within dates', async () => {
    const person = await registerUser(t.app);
    await failLogin(person.user.email, '192.0.2.44');
    const byEmail = (await get(`/admin/security-events?search=${encodeURIComponent(person.user.email)}`)).json().data;
    expect(byEmail.items.map((item: { type: string }) => item.type).sort()).toEqual(['sign_in', 'sign_in_failed']);
    const byIp = (await get('/admin/security-events?search=192.0.2.44')).json().data;
    expect(byIp.items).toHaveLength(1);
    expect(byIp.items[0]).toMatchObject({ userEmail: person.user.email, ip: '192.0.2.44' });
    expect((await get(`/admin/security-events?search=${encodeURIComponent(person.user.email)}&to=2020-01-01`)).json().data.total).toBe(0);
    expect((await get('/admin/security-events?from=soon')).statusCode).toBe(400);
  });

  it('finds audit records by admin e-mail, action, target or IP, and within dates', async () => {
    const { user } = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.id}/credits`,
      headers: bearer(admin),
      payload: { amount: 3, reason: 'for the search test' },
    });
    const byTarget = (await get(`/admin/audit-log?search=${user.id}`)).json().data;
    expect(byTarget.items).toHaveLength(1);
    expect(byTarget.items[0]).toMatchObject({
      action: 'user.credit_adjustment',
      actorEmail: 'admin@example.com',
      ip: '127.0.0.1',
      before: { balance: 5 },
      after: { balance: 8 },
    });
    expect((await get('/admin/audit-log?search=admin@example')).json().data.total).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/admin/audit-log?search=${user.id}&from=${today}&to=${today}`)).json().data.total).toBe(1);
    expect((await get(`/admin/audit-log?search=${user.id}&to=2020-01-01`)).json().data.total).toBe(0);
  });
});
