import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipBlockListSchema, ipBlockMessages } from '@lumen/core/admin/ip-blocks';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { parseCidr } from './cidr.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAccessToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

const block = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/ip-blocks', headers: bearer(admin), payload: payload as object, remoteAddress });
const list = async () =>
  ipBlockListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/admin/ip-blocks', headers: bearer(admin) })).json().data);
const health = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/v1/credits/packages', remoteAddress });

describe('parseCidr', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7/32'],
    ['203.0.113.77/24', '203.0.113.0/24'],
    ['2001:DB8::1/32', '2001:db8::/32'],
    ['::ffff:10.1.2.3/8', '10.0.0.0/8'],
  ])('normalises %s to %s', (input, output) => {
    const range = parseCidr(input);
    expect(range && `${range.address}/${range.prefix}`).toBe(output);
  });
  it.each(['10.0.0.0/33', '2001:db8::/129', 'abc', '1.2.3.4/x', '1.2.3.4/8/8', 'fe80::1%eth0', '300.1.1.1'])('refuses %s', (input) => {
    expect(parseCidr(input)).toBeNull();
  });
});

describe('blocked IP ranges', () => {
  it('a blocked IPv4 range gets 403 with a clear message on every route, others pass; unblocking lets it back at once; audited', async () => {
    expect((await health('198.51.100.20')).statusCode).toBe(200);
    const created = await block({ cidr: '198.51.100.77/24', reason: 'Credential stuffing' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ cidr: '198.51.100.0/24', reason: 'Credential stuffing', createdBy: 'admin@example.com' });

    for (const url of ['/api/v1/credits/packages', '/api/v1/auth/login', '/api/v1/health', '/']) {
      const refused = await t.app.inject({
        method: url.includes('login') ? 'POST' : 'GET',
        url,
        remoteAddress: '198.51.100.20',
        payload: url.includes('login') ? { email: 'a@b.co', password: 'x' } : undefined,
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, message: ipBlockMessages.blocked });
    }
    expect((await health('::ffff:198.51.100.9')).statusCode).toBe(403);
    expect((await health('198.51.101.1')).statusCode).toBe(200);

    const audit = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit-log?action=ip_block.add&limit=1', headers: bearer(admin) })
    ).json().data;
    expect(audit.items[0]).toMatchObject({ after: { cidr: '198.51.100.0/24' }, ip: '127.0.0.1' });

    const id = created.json().data.id as string;
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/ip-blocks/${id}`, headers: bearer(admin) });
    expect(removed.statusCode).toBe(200);
    expect((await health('198.51.100.20')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/ip-blocks/${id}`, headers: bearer(admin) })).statusCode).toBe(404);
  });

  it('blocks IPv6 ranges', async () => {
    expect((await block({ cidr: '2001:db8:abcd::/48', reason: 'Abuse from this network' })).statusCode).toBe(201);
    expect((await health('2001:db8:abcd:12::1')).statusCode).toBe(403);
    expect((await health('2001:db8:abce::1')).statusCode).toBe(200);
    expect((await list()).items.map((item) => item.cidr)).toContain('2001:db8:abcd::/48');
  });

  it('an admin cannot block the range they connect from; duplicates and bad ranges are refused; nothing is stored', async () => {
    const before = (await list()).items.length;
    const own = await block({ cidr: '127.0.0.0/8', reason: 'oops mistake' });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You cannot block the range you are connecting from (127.0.0.1).');
    const ownV6 = await block({ cidr: '2001:db8:ffff::/48', reason: 'oops mistake' }, '2001:db8:ffff::5');
    expect(ownV6.statusCode).toBe(409);
    expect((await block({ cidr: 'not-an-ip', reason: 'valid reason' })).statusCode).toBe(400);
    expect((await block({ cidr: '10.0.0.0/40', reason: 'valid reason' })).json().message).toBe(ipBlockMessages.invalidCidr);
    expect((await block({ cidr: '192.0.2.0/24' })).statusCode).toBe(400);
    expect((await block({ cidr: '192.0.2.0/24', reason: 'first time' })).statusCode).toBe(201);
    const duplicate = await block({ cidr: '192.0.2.9/24', reason: 'second time' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(ipBlockMessages.duplicate);
    expect((await list()).items.length).toBe(before + 1);
    expect((await list()).yourIp).toBe('127.0.0.1');
  });

  it('is for admins only', async () => {
    const { accessToken } = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/ip-blocks', headers: bearer(accessToken) })).statusCode).toBe(403);
  });
});
