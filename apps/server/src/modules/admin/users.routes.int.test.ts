import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustCreditsResultSchema, adminUserDetailSchema, adminUserListSchema, auditLogSchema } from '@lumen/core/admin/schemas';
import { creditHistorySchema } from '@lumen/core/credits/schemas';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser, uniqueEmail } from '../../test/http-helpers.ts';

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
const adjust = (userId: string, payload: unknown, headers: Record<string, string> = {}, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${userId}/credits`,
    headers: { ...bearer(token), ...headers },
    payload: payload as object,
  });
const auditTotal = async () => auditLogSchema.parse((await get('/admin/audit-log?action=user.credit_adjustment')).json().data).total;

describe('GET /admin/users', () => {
  it('searches name or e-mail case-insensitively, filters by role, paginates', async () => {
    const marker = `zq${Date.now().toString(36)}`;
    await registerUser(t.app, { firstName: `Ada${marker}`, lastName: 'King' });
    await registerUser(t.app, { firstName: 'Bob', lastName: `Smith${marker}` });
    await registerUser(t.app, { email: uniqueEmail(`${marker}x`) });
    const all = adminUserListSchema.parse((await get(`/admin/users?search=${marker.toUpperCase()}&limit=2`)).json().data);
    expect(all).toMatchObject({ total: 3, totalPages: 2, limit: 2, page: 1 });
    expect(all.items[0]).toMatchObject({ role: 'USER', balance: 5, spent: 0 });
    const full = adminUserListSchema.parse((await get(`/admin/users?search=${encodeURIComponent(`ada${marker} king`)}`)).json().data);
    expect(full.items.map((user) => user.lastName)).toEqual(['King']);
    const admins = adminUserListSchema.parse((await get('/admin/users?role=ADMIN')).json().data);
    expect(admins.items.map((user) => user.email)).toEqual(['admin@example.com']);
    const literal = adminUserListSchema.parse((await get('/admin/users?search=%25')).json().data);
    expect(literal.total).toBe(0); // % is a character, not a wildcard
  });

  it.each(['role=ROOT', 'limit=0', 'page=x', 'search=' + 'x'.repeat(101), 'foo=bar'])('refuses ?%s with 400', async (query) => {
    expect((await get(`/admin/users?${query}`)).statusCode).toBe(400);
  });
});

describe('GET /admin/users/{id}', () => {
  it('returns the user and the first page of the ledger; history pages further', async () => {
    const { user } = await registerUser(t.app);
    const detail = adminUserDetailSchema.parse((await get(`/admin/users/${user.id}`)).json().data);
    expect(detail.user).toEqual(user);
    expect(detail.ledger).toMatchObject({ total: 1, page: 1, limit: 10, items: [{ kind: 'signup_bonus', amount: 5 }] });
    const history = creditHistorySchema.parse((await get(`/admin/users/${user.id}/credits/history?limit=1&page=1`)).json().data);
    expect(history.items).toHaveLength(1);
  });

  it('404 for an unknown user, 400 for a bad id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/admin/users/${unknown}`)).statusCode).toBe(404);
    expect((await get(`/admin/users/${unknown}/credits/history`)).statusCode).toBe(404);
    expect((await adjust(unknown, { amount: 1, reason: 'why not' })).statusCode).toBe(404);
    expect((await get('/admin/users/abc')).statusCode).toBe(400);
  });
});

describe('POST /admin/users/{id}/credits', () => {
  it('adds credits as a ledger entry with the reason, audited; the user sees it in their history', async () => {
    const { user, accessToken } = await registerUser(t.app);
    const response = await adjust(user.id, { amount: 20, reason: '  Goodwill for outage  ' });
    expect(response.statusCode).toBe(201);
    const result = adjustCreditsResultSchema.parse(response.json().data);
    expect(result).toMatchObject({
      balance: 25,
      entry: { amount: 20, balanceAfter: 25, kind: 'admin_adjustment', description: 'Admin adjustment: Goodwill for outage' },
    });
    const mine = creditHistorySchema.parse((await get('/credits/history', accessToken)).json().data);
    expect(mine.items[0]?.id).toBe(result.entry.id);
    const audit = auditLogSchema.parse((await get('/admin/audit-log?action=user.credit_adjustment&limit=1')).json().data);
    expect(audit.items[0]).toMatchObject({
      targetType: 'user',
      targetId: user.id,
      before: { balance: 5 },
      after: { balance: 25, amount: 20, reason: 'Goodwill for outage' },
    });
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(25);
  });

  it('refuses a deduction below zero with 409 and the current balance', async () => {
    const { user } = await registerUser(t.app);
    const audits = await auditTotal();
    const response = await adjust(user.id, { amount: -6, reason: 'chargeback' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      message: 'Adjustment would make the balance negative (current balance 5)',
      error: { code: 'CONFLICT' },
    });
    expect(await auditTotal()).toBe(audits);
    expect((await adjust(user.id, { amount: -5, reason: 'chargeback' })).json().data.balance).toBe(0);
  });

  it('with an Idempotency-Key a repeat returns the first result and changes nothing; keys are per admin', async () => {
    const { user } = await registerUser(t.app);
    const headers = { 'idempotency-key': `k-${user.id}` };
    const audits = await auditTotal();
    const first = await adjust(user.id, { amount: 7, reason: 'bonus' }, headers);
    const again = await adjust(user.id, { amount: 7, reason: 'bonus' }, headers);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await auditTotal()).toBe(audits + 1);
    const misuse = await adjust(user.id, { amount: 8, reason: 'bonus' }, headers);
    expect(misuse.statusCode).toBe(409);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(12);
    const withoutKey = await adjust(user.id, { amount: 7, reason: 'bonus' });
    expect(withoutKey.json().data.balance).toBe(19);
  });

  it('200 parallel deductions of 1 against 50: exactly 50 succeed, the rest get 409, balance = sum(ledger) = 0', async () => {
    const { user } = await registerUser(t.app);
    await setBalance(t.database.db, user.id, 50);
    const responses = await Promise.all(Array.from({ length: 200 }, () => adjust(user.id, { amount: -1, reason: 'parallel' })));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(50);
    expect(codes.filter((code) => code === 409)).toHaveLength(150);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(0);
    expect((await get(`/admin/users/${user.id}`)).json().data.user.credit.balance).toBe(0);
  });

  it.each([
    [{ amount: 0, reason: 'nothing' }, 'amount'],
    [{ amount: 1.5, reason: 'half' }, 'amount'],
    [{ amount: '5', reason: 'text' }, 'amount'],
    [{ amount: 1_000_001, reason: 'huge' }, 'amount'],
    [{ amount: -1_000_001, reason: 'huge' }, 'amount'],
    [{ amount: 5 }, 'reason'],
    [{ amount: 5, reason: '  a ' }, 'reason'],
    [{ amount: 5, reason: 'x'.repeat(501) }, 'reason'],
    [{ amount: 5, reason: 'valid', kind: 'purchase' }, 'kind'],
  ])('refuses %o with 400 on %s and writes nothing', async (payload, field) => {
    const { user } = await registerUser(t.app);
    const audits = await auditTotal();
    const response = await adjust(user.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(5);
    expect(await auditTotal()).toBe(audits);
  });

  it('refuses an empty Idempotency-Key', async () => {
    const { user } = await registerUser(t.app);
    expect((await adjust(user.id, { amount: 1, reason: 'abc' }, { 'idempotency-key': ' ' })).statusCode).toBe(400);
  });
});

describe('GET /admin/audit-log', () => {
  it('paginates and refuses bad queries', async () => {
    expect((await get('/admin/audit-log?limit=1')).json().data).toMatchObject({ limit: 1, page: 1 });
    expect((await get('/admin/audit-log?limit=1000')).statusCode).toBe(400);
    expect((await get('/admin/audit-log?actor=me')).statusCode).toBe(400);
  });
});
