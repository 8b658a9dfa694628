import { describe, expect, it } from 'vitest';
import {
  creditBalanceSchema,
  creditHistorySchema,
  creditPackageListSchema,
  serviceCostMapSchema,
  transactionHistorySchema,
  usageHistorySchema,
} from '@lumen/core/credits/schemas';
import { successEnvelope } from '@lumen/core/http/envelope';
import { expectLedgerInvariant } from '../../test/credit-helpers.ts';
import { appForFile, registerUser } from '../../test/http-helpers.ts';
import { adjustCredits, chargeForService, grantCredits, refundCharge } from './credits.service.ts';

const { app, db, get } = appForFile();

/** A user with: sign-up 5, purchase 20, admin -2, two charges (one refunded). */
async function userWithActivity() {
  const { user, accessToken } = await registerUser(app());
  await grantCredits(db(), { userId: user.id, amount: 20, kind: 'purchase', idempotencyKey: `o:${user.id}`, reason: 'Pro package' });
  await adjustCredits(db(), { userId: user.id, actorUserId: user.id, amount: -2, reason: 'typo fix', idempotencyKey: `a:${user.id}` });
  const first = await chargeForService(db(), { userId: user.id, serviceKey: 'speedpainting', idempotencyKey: `c1:${user.id}` });
  await chargeForService(db(), { userId: user.id, serviceKey: 'image-generator', idempotencyKey: `c2:${user.id}` });
  await chargeForService(db(), { userId: user.id, serviceKey: 'speedpainting', idempotencyKey: `c3:${user.id}` });
  await refundCharge(db(), { userId: user.id, chargeEntryId: first.ledgerEntryId });
  return { userId: user.id, token: accessToken };
}

describe('guest access', () => {
  it.each(['/credits/balance', '/credits/history', '/credits/transaction-history', '/credits/usage-history'])(
    '%s needs a signed-in user',
    async (url) => {
      for (const token of [undefined, 'not-a-jwt']) {
        const response = await get(url, token);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      }
    },
  );
});

describe('GET /credits/balance', () => {
  it('wraps the balance in the success envelope', async () => {
    const { accessToken } = await registerUser(app());
    const response = await get('/credits/balance', accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(successEnvelope(creditBalanceSchema).strict().parse(response.json())).toEqual({
      success: true,
      data: { balance: 5 },
      message: 'Balance retrieved',
    });
  });
});

describe('GET /credits/history', () => {
  it('lists only your own entries, newest first, with descriptions and pagination', async () => {
    const { userId, token } = await userWithActivity();
    await userWithActivity(); // someone else's activity must not show
    const response = await get('/credits/history?limit=3&page=1', token);
    expect(response.statusCode).toBe(200);
    const data = creditHistorySchema.parse(response.json().data);
    expect(data).toMatchObject({ page: 1, limit: 3, total: 7, totalPages: 3 });
    expect(data.items.map((item) => item.kind)).toEqual(['job_refund', 'job_charge', 'job_charge']);
    expect(data.items[0]).toMatchObject({ amount: 5, description: 'Speed Painting Video refund', serviceKey: 'speedpainting' });

    const last = creditHistorySchema.parse((await get('/credits/history?limit=3&page=3', token)).json().data);
    expect(last.items).toHaveLength(1);
    expect(last.items[0]).toMatchObject({ kind: 'signup_bonus', amount: 5, balanceAfter: 5, description: 'Free plan credits' });

    const all = creditHistorySchema.parse((await get('/credits/history?limit=100', token)).json().data);
    expect(all.items.map((item) => item.description)).toContain('Admin adjustment: typo fix');
    expect(all.items[0]?.balanceAfter).toBe(await expectLedgerInvariant(db(), userId));
    const beyond = creditHistorySchema.parse((await get('/credits/history?page=50', token)).json().data);
    expect(beyond).toMatchObject({ items: [], total: 7, page: 50 });
  });

  it('defaults to limit 10 and page 1', async () => {
    const { accessToken } = await registerUser(app());
    expect((await get('/credits/history', accessToken)).json().data).toMatchObject({ page: 1, limit: 10, total: 1, totalPages: 1 });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['sort=desc', 'sort'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const { accessToken } = await registerUser(app());
    for (const url of ['/credits/history', '/credits/transaction-history', '/credits/usage-history']) {
      const response = await get(`${url}?${query}`, accessToken);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
      expect(response.json().error.details.map((issue: { field: string }) => issue.field)).toContain(field);
    }
  });
});

describe('GET /credits/transaction-history and /credits/usage-history', () => {
  it('splits transactions from tool usage, with totals over everything', async () => {
    const { token } = await userWithActivity();
    const transactions = transactionHistorySchema.parse((await get('/credits/transaction-history?limit=2', token)).json().data);
    expect(transactions).toMatchObject({ total: 3, totalPages: 2, totals: { creditsAdded: 25, creditsRemoved: 2 } });
    expect(transactions.items.map((item) => item.kind)).toEqual(['admin_adjustment', 'purchase']);
    expect(transactions.items[1]).toMatchObject({ description: 'Pro package', amount: 20 });

    const usage = usageHistorySchema.parse((await get('/credits/usage-history', token)).json().data);
    expect(usage).toMatchObject({ total: 4, totalPages: 1 });
    expect(usage.items.every((item) => item.kind === 'job_charge' || item.kind === 'job_refund')).toBe(true);
    expect(usage.totals).toEqual({ creditsSpent: 11, creditsRefunded: 5, byService: { speedpainting: 5, 'image-generator': 1 } });
  });

  it('is empty with zero totals for a new user', async () => {
    const { accessToken } = await registerUser(app());
    const usage = usageHistorySchema.parse((await get('/credits/usage-history', accessToken)).json().data);
    expect(usage).toEqual({
      items: [],
      page: 1,
      limit: 10,
      total: 0,
      totalPages: 0,
      totals: { creditsSpent: 0, creditsRefunded: 0, byService: {} },
    });
    const transactions = transactionHistorySchema.parse((await get('/credits/transaction-history', accessToken)).json().data);
    expect(transactions.totals).toEqual({ creditsAdded: 5, creditsRemoved: 0 });
  });
});

describe('GET /credits/packages and /credits/costs (public)', () => {
  it('lists the seeded active packages in order, price in dollars', async () => {
    const response = await get('/credits/packages');
    expect(response.statusCode).toBe(200);
    const packages = creditPackageListSchema.parse(response.json().data);
    expect(packages.map((p) => [p.name, p.price, p.creditsAmount, p.isActive])).toEqual([
      ['20 Credits', 5, 20, true],
      ['Pro', 9, 50, true],
      ['Plus', 19, 120, true],
      ['350 Credits', 49, 350, true],
    ]);
  });

  it('maps each service to its cost, ai-background 0', async () => {
    const response = await get('/credits/costs');
    expect(response.statusCode).toBe(200);
    expect(serviceCostMapSchema.parse(response.json().data)).toEqual({
      'ai-background': 0,
      'image-generator': 1,
      'virtual-try-on': 2,
      speedpainting: 5,
      'sales-pilot': 1,
      'sound-generator': 2,
    });
  });

  it('checks the sign-in before the input: a guest with a bad query gets 401', async () => {
    expect((await get('/credits/history?limit=500&x=1')).statusCode).toBe(401);
  });

  it('the public lists take no query and ignore one (cache busting)', async () => {
    expect((await get('/credits/packages?x=1')).statusCode).toBe(200);
  });
});
