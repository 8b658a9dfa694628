import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiKeyExpiredMessage,
  apiKeyIpNotAllowedMessage,
  apiKeyMessages,
  apiKeyPreviousSecretEndedMessage,
  MAX_ACTIVE_API_KEYS,
} from '@lumen/core/api-keys/schemas';
import type { ApiKey, IssuedApiKey } from '@lumen/core/api-keys/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';
import { bearer } from '../../test/http-helpers.ts';
import { mailsTo } from '../../test/mail-helpers.ts';
import { auditLog } from '../audit/tables.ts';
import { users } from '../users/tables.ts';
import { sendExpiryReminders } from './key-expiry-reminders.ts';
import { apiKeys } from './tables.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The app's clock runs with the wall clock, moved by `offset` (expiry, grace periods, reminders). */
let offset = 0;
const now = () => new Date(Date.now() + offset);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: now });
});
afterAll(async () => t.close());
beforeEach(() => {
  offset = 0;
});

const balance = (key: string, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: xApiKey(key), ...(remoteAddress ? { remoteAddress } : {}) });

async function listed(token: string, id: string): Promise<ApiKey> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/api-keys/${id}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data as ApiKey;
}

const roll = (token: string, id: string, grace: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1/api-keys/${id}/roll`, headers: bearer(token), payload: { grace } as object });

const generate = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/api-keys/generate', headers: bearer(token), payload: { name: 'k', ...body } });

describe('expiry', () => {
  it('an expired key does not hold a place under the cap of active keys', async () => {
    const user = await verifiedUser(t.app, t.database.db, 3);
    const expiresAt = new Date(now().getTime() + HOUR).toISOString();
    for (let index = 0; index < MAX_ACTIVE_API_KEYS; index += 1) {
      expect((await generate(user.token, { name: `k${index}`, ...(index === 0 ? { expiresAt } : {}) })).statusCode).toBe(201);
    }
    const full = await generate(user.token, { name: 'one too many' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(apiKeyMessages.tooManyKeys);

    offset = 2 * HOUR;
    expect((await generate(user.token, { name: 'in the expired key’s place' })).statusCode).toBe(201);
    expect((await generate(user.token, { name: 'one too many again' })).statusCode).toBe(409);
  });

  it('a key works until its expiry, then answers 401 with the date; the list says it expired', async () => {
    const user = await verifiedUser(t.app, t.database.db, 3);
    const expiresAt = new Date(now().getTime() + HOUR).toISOString();
    const key = await generateKey(t.app, user.token, { expiresAt });
    expect(key).toMatchObject({ expiresAt, isExpired: false, isActive: true });
    expect((await balance(key.apiKey)).statusCode).toBe(200);

    offset = 2 * HOUR;
    const expired = await balance(key.apiKey);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(apiKeyExpiredMessage(expiresAt));
    expect(expired.json().message).toMatch(/^This API key expired on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(await listed(user.token, key.id)).toMatchObject({ status: 'active', isExpired: true, isActive: false, expiresAt });

    // Rotating an expired key would hand out a secret that is already dead.
    for (const response of [
      await roll(user.token, key.id, '1h'),
      await t.app.inject({ method: 'POST', url: `/api/v1/api-keys/${key.id}/regenerate`, headers: bearer(user.token) }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('This API key expired on');
    }
  });

  it('refuses an expiry in the past, outside the years 2000-2100 or not a date (400)', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const past = await generate(user.token, { expiresAt: new Date(now().getTime() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details).toEqual([{ field: 'expiresAt', message: apiKeyMessages.expiresAtInFuture }]);
    for (const expiresAt of ['0030-01-01T00:00:00Z', '2101-01-01T00:00:00Z', 'next week', 12]) {
      const response = await generate(user.token, { expiresAt });
      expect(response.statusCode, String(expiresAt)).toBe(400);
      expect(response.json().error.details[0].field).toBe('expiresAt');
    }
    expect((await generate(user.token, { expiresAt: null })).json().data.expiresAt).toBeNull();
  });
});

describe('IP allow-list', () => {
  it('lets requests in from the listed IPv4 and IPv6 ranges only, and shows the last IP used', async () => {
    const user = await verifiedUser(t.app, t.database.db, 3);
    const key = await generateKey(t.app, user.token, { ipAllowList: ['203.0.113.0/24', ' 2001:DB8::/32 ', '198.51.100.7'] });
    expect(key.ipAllowList).toEqual(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7/32']);

    for (const inside of ['203.0.113.9', '::ffff:203.0.113.10', '2001:db8:1::5', '198.51.100.7']) {
      expect((await balance(key.apiKey, inside)).statusCode, inside).toBe(200);
    }
    for (const outside of ['198.51.100.8', '203.0.114.1', '2001:db9::1', '127.0.0.1']) {
      const response = await balance(key.apiKey, outside);
      expect(response.statusCode, outside).toBe(401);
      expect(response.json().message).toBe(apiKeyIpNotAllowedMessage(outside));
    }
    // Without a remoteAddress, inject comes from 127.0.0.1: outside the list.
    expect((await balance(key.apiKey)).json().message).toBe('This API key cannot be used from 127.0.0.1');

    await t.app.apiKeys.usage.flush();
    const shown = await listed(user.token, key.id);
    expect(shown.lastUsedAt).not.toBeNull();
    expect(shown.lastUsedIp).toBe('203.0.113.9');
  });

  it('refuses ranges that are not addresses or CIDR blocks (400)', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    for (const ipAllowList of [['300.1.1.1'], ['10.0.0.0/33'], ['2001:db8::/129'], ['example.com'], ['1.2.3.4/'], [], ['01.2.3.4']]) {
      const response = await generate(user.token, { ipAllowList });
      expect(response.statusCode, JSON.stringify(ipAllowList)).toBe(400);
      expect(response.json().error.details[0].field).toMatch(/^ipAllowList/);
    }
    expect((await generate(user.token, { ipAllowList: Array.from({ length: 51 }, (_, i) => `10.0.${i}.0/24`) })).statusCode).toBe(400);
  });
});

const update = (token: string, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/api-keys/${id}`, headers: bearer(token), payload });

describe('editing a key', () => {
  it('pins a working key to an IP range and gives it an expiry without a new secret; null lifts both; audited', async () => {
    const user = await verifiedUser(t.app, t.database.db, 3);
    const key = await generateKey(t.app, user.token, { name: 'Production' });
    expect((await balance(key.apiKey, '198.51.100.8')).statusCode).toBe(200);

    const expiresAt = new Date(now().getTime() + 30 * DAY).toISOString();
    const pinned = await update(user.token, key.id, { ipAllowList: ['203.0.113.0/24'], expiresAt, name: ' Production EU ' });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json()).toMatchObject({
      message: 'API key updated',
      data: { id: key.id, name: 'Production EU', ipAllowList: ['203.0.113.0/24'], expiresAt, keyPrefix: key.keyPrefix },
    });
    // The same secret, now pinned: refused at once from outside the range.
    expect((await balance(key.apiKey, '203.0.113.9')).statusCode).toBe(200);
    const outside = await balance(key.apiKey, '198.51.100.8');
    expect(outside.statusCode).toBe(401);
    expect(outside.json().message).toBe(apiKeyIpNotAllowedMessage('198.51.100.8'));

    const lifted = await update(user.token, key.id, { ipAllowList: null, expiresAt: null });
    expect(lifted.json().data).toMatchObject({ ipAllowList: null, expiresAt: null });
    expect((await balance(key.apiKey, '198.51.100.8')).statusCode).toBe(200);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, key.id), eq(auditLog.action, 'api_key.update')));
    expect(entries).toHaveLength(2);
    expect(entries[0]!.actorUserId).toBe(user.id);
    expect(JSON.stringify(entries)).not.toContain(key.apiKey);
  });

  it('refuses an empty change, a past expiry, a bad range, a webhook URL (400), a revoked key (409), another user’s key (404)', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'Change at least one setting'],
      [{ expiresAt: new Date(now().getTime() - 60_000).toISOString() }, apiKeyMessages.expiresAtInFuture],
      [{ ipAllowList: ['10.0.0.0/33'] }, apiKeyMessages.ipAllowList],
      [{ webhookUrl: 'https://example.com/hook' }, 'webhookUrl is not an accepted field'],
    ];
    for (const [payload, message] of cases) {
      const response = await update(user.token, key.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const someoneElse = await verifiedUser(t.app, t.database.db);
    expect((await update(someoneElse.token, key.id, { name: 'Mine now' })).statusCode).toBe(404);
    await t.app.inject({ method: 'PUT', url: `/api/v1/api-keys/${key.id}/revoke`, headers: bearer(user.token) });
    const revoked = await update(user.token, key.id, { name: 'Back to life' });
    expect(revoked.statusCode).toBe(409);
  });
});

describe('roll', () => {
  it('with a grace period both secrets work; after it the old one gets 401 and the new one works', async () => {
    const user = await verifiedUser(t.app, t.database.db, 3);
    const old = await generateKey(t.app, user.token, { name: 'CI', rateLimit: 40, monthlyCreditCap: 9 });
    const response = await roll(user.token, old.id, '1h');
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(apiKeyMessages.rolled);
    const rolled = response.json().data as IssuedApiKey;
    expect(rolled).toMatchObject({ id: old.id, name: 'CI', rateLimit: 40, monthlyCreditCap: 9, status: 'active', webhookSecret: null });
    expect(rolled.apiKey).not.toBe(old.apiKey);
    expect(rolled.keyPrefix).toBe(rolled.apiKey.slice(0, 16));
    expect(rolled.previousKeyPrefix).toBe(old.keyPrefix);
    const deadline = Date.parse(rolled.previousKeyExpiresAt!);
    expect(deadline - now().getTime()).toBeGreaterThan(HOUR - 60_000);
    expect(deadline - now().getTime()).toBeLessThanOrEqual(HOUR);

    expect((await balance(old.apiKey)).statusCode).toBe(200);
    expect((await balance(rolled.apiKey)).statusCode).toBe(200);
    // One key, one rate-limit window: both secrets count against it.
    expect((await balance(rolled.apiKey)).headers['ratelimit-remaining']).toBe('37');

    offset = HOUR + 60_000;
    const late = await balance(old.apiKey);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(apiKeyPreviousSecretEndedMessage(rolled.previousKeyExpiresAt!));
    expect((await balance(rolled.apiKey)).statusCode).toBe(200);
    expect(await listed(user.token, old.id)).toMatchObject({
      keyPrefix: rolled.keyPrefix,
      previousKeyPrefix: null,
      previousKeyExpiresAt: null,
    });
  });

  it('a stored deadline in the past ends the old secret on the next request', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const old = await generateKey(t.app, user.token);
    const rolled = (await roll(user.token, old.id, '7d')).json().data as IssuedApiKey;
    expect((await balance(old.apiKey)).statusCode).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ previousKeyExpiresAt: new Date(now().getTime() - 1000) })
      .where(eq(apiKeys.id, old.id));
    await t.database.changes.catchUp(); // the keys' rows kept in memory follow the database's notice
    expect((await balance(old.apiKey)).statusCode).toBe(401);
    expect((await balance(rolled.apiKey)).statusCode).toBe(200);
  });

  it("with grace 'none' the old secret dies at once; rolling again ends the earlier grace; revoking stops both", async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const first = await generateKey(t.app, user.token);
    const second = (await roll(user.token, first.id, 'none')).json().data as IssuedApiKey;
    expect(second.previousKeyPrefix).toBeNull();
    expect((await balance(first.apiKey)).statusCode).toBe(401);
    expect((await balance(second.apiKey)).statusCode).toBe(200);

    const third = (await roll(user.token, first.id, '24h')).json().data as IssuedApiKey;
    const fourth = (await roll(user.token, first.id, '24h')).json().data as IssuedApiKey;
    expect((await balance(second.apiKey)).statusCode).toBe(401);
    expect((await balance(third.apiKey)).statusCode).toBe(200);
    expect((await balance(fourth.apiKey)).statusCode).toBe(200);

    await t.app.inject({ method: 'PUT', url: `/api/v1/api-keys/${first.id}/revoke`, headers: bearer(user.token) });
    expect((await balance(third.apiKey)).json().message).toBe(apiKeyMessages.invalidKey);
    expect((await balance(fourth.apiKey)).statusCode).toBe(401);
    expect((await roll(user.token, first.id, '1h')).statusCode).toBe(409);
  });

  it('regenerate still revokes at once (both secrets of a rolled key) and carries expiry and allow-list to the successor', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const expiresAt = new Date(now().getTime() + 30 * DAY).toISOString();
    const old = await generateKey(t.app, user.token, { expiresAt, ipAllowList: ['127.0.0.1'] });
    const rolled = (await roll(user.token, old.id, '24h')).json().data as IssuedApiKey;
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/api-keys/${old.id}/regenerate`, headers: bearer(user.token) });
    expect(response.statusCode).toBe(201);
    const fresh = response.json().data as IssuedApiKey;
    expect(fresh).toMatchObject({ expiresAt, ipAllowList: ['127.0.0.1/32'], previousKeyPrefix: null });
    expect((await balance(old.apiKey)).statusCode).toBe(401);
    expect((await balance(rolled.apiKey)).statusCode).toBe(401);
    expect((await balance(fresh.apiKey)).statusCode).toBe(200);
  });

  it('refuses a bad grace (400), a key as credential (403), another user (404)', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const other = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token);
    for (const grace of ['2h', null, undefined, 1]) expect((await roll(user.token, key.id, grace)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/api-keys/${key.id}/roll`, headers: bearer(user.token) })).statusCode).toBe(
      400,
    );
    expect((await roll(key.apiKey, key.id, '1h')).statusCode).toBe(403);
    expect((await roll(other.token, key.id, '1h')).statusCode).toBe(404);
    expect((await roll(user.token, 'nope', '1h')).statusCode).toBe(400);
    expect((await balance(key.apiKey)).statusCode).toBe(200);
  });
});

describe('audit', () => {
  it('create, roll, regenerate, revoke and delete each write an audit entry by the owner, with no secret in it', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token, { ipAllowList: ['203.0.113.0/24'] });
    const rolled = (await roll(user.token, key.id, '1h')).json().data as IssuedApiKey;
    const fresh = (await t.app.inject({ method: 'POST', url: `/api/v1/api-keys/${key.id}/regenerate`, headers: bearer(user.token) })).json()
      .data as IssuedApiKey;
    await t.app.inject({ method: 'PUT', url: `/api/v1/api-keys/${fresh.id}/revoke`, headers: bearer(user.token) });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${fresh.id}`, headers: bearer(user.token) });

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, user.id), eq(auditLog.targetType, 'api_key')));
    expect(entries.map((entry) => `${entry.action} ${entry.targetId === key.id ? 'old' : 'new'}`).sort()).toEqual([
      'api_key.create old',
      'api_key.delete new',
      'api_key.regenerate old',
      'api_key.revoke new',
      'api_key.roll old',
    ]);
    const rollEntry = entries.find((entry) => entry.action === 'api_key.roll')!;
    expect(rollEntry.before).toMatchObject({ keyPrefix: key.keyPrefix, ipAllowList: ['203.0.113.0/24'] });
    expect(rollEntry.after).toMatchObject({ keyPrefix: rolled.keyPrefix, previousKeyPrefix: key.keyPrefix, grace: '1h' });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    const text = JSON.stringify(entries);
    for (const secret of [key.apiKey, rolled.apiKey, fresh.apiKey, row!.keyHash, row!.previousKeyHash!]) expect(text).not.toContain(secret);
  });
});

describe('expiry reminders', () => {
  async function emailOf(userId: string) {
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row!.email;
  }
  const reminders = async (email: string) => (await mailsTo(t.app, email)).filter((mail) => mail.template === 'api_key_expiring');
  const run = (at: Date) => sendExpiryReminders({ db: t.app.db, mailer: t.app.mailer, now: at, publicUrl: 'https://lumen.example' });

  it('e-mails the owner 7 days and 1 day before expiry, each once, also when runs overlap', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const email = await emailOf(user.id);
    const start = now();
    const expiresAt = new Date(start.getTime() + 10 * DAY);
    const key = await generateKey(t.app, user.token, { name: 'Nightly export', expiresAt: expiresAt.toISOString() });

    await run(start);
    expect(await reminders(email)).toHaveLength(0);

    const sevenDaysBefore = new Date(expiresAt.getTime() - 6.5 * DAY);
    await Promise.all([run(sevenDaysBefore), run(sevenDaysBefore)]);
    await run(new Date(sevenDaysBefore.getTime() + DAY));
    const first = await reminders(email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toContain('Nightly export');
    expect(first[0]!.text).toContain(`(${key.keyPrefix}…) expires on`);
    expect(first[0]!.text).toContain('https://lumen.example/dashboard/account/api-management');
    expect(first[0]!.text).not.toContain(key.apiKey);

    const oneDayBefore = new Date(expiresAt.getTime() - 0.5 * DAY);
    await Promise.all([run(oneDayBefore), run(oneDayBefore), run(oneDayBefore)]);
    await run(new Date(expiresAt.getTime() - HOUR));
    expect(await reminders(email)).toHaveLength(2);
    // Expired, then nothing more.
    await run(new Date(expiresAt.getTime() + HOUR));
    expect(await reminders(email)).toHaveLength(2);
  });

  it('a key made to last less than 7 days gets only the 1-day reminder; revoked keys and keys without expiry get none', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const email = await emailOf(user.id);
    const start = now();
    const expiresAt = new Date(start.getTime() + 3 * DAY);
    await generateKey(t.app, user.token, { expiresAt: expiresAt.toISOString() });
    const revoked = await generateKey(t.app, user.token, { expiresAt: expiresAt.toISOString() });
    await t.app.inject({ method: 'PUT', url: `/api/v1/api-keys/${revoked.id}/revoke`, headers: bearer(user.token) });
    await generateKey(t.app, user.token);

    await run(new Date(start.getTime() + HOUR));
    expect(await reminders(email)).toHaveLength(0);
    await run(new Date(expiresAt.getTime() - 12 * HOUR));
    expect(await reminders(email)).toHaveLength(1);
  });
});
