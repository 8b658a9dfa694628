import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema } from '@lumen/core/admin/analytics';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer } from '../../test/http-helpers.ts';
import { fastWorker, salesPilotJob, submitJob, waitForJob } from '../../test/job-helpers.ts';
import { verifiedUser } from '../../test/api-key-helpers.ts';
import { moveCredits } from '../credits/credits.service.ts';
import { fakeEngine, fakeRegistry } from '../../test/fake-engines.ts';
import { orders } from '../payments/orders/tables.ts';
import { jobs } from '../jobs/tables.ts';
import { eq } from 'drizzle-orm';

let t: TestApp;
let admin: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp({
    jobs: {
      runWorker: true,
      worker: fastWorker,
      engines: fakeRegistry({}, { 'sound-generator': fakeEngine('sound-generator', { fail: new Error('synth broke') }) }),
    },
  });
  admin = await adminAccessToken(t.app);

  const buyer = await verifiedUser(t.app, t.database.db, 0);
  const casual = await verifiedUser(t.app, t.database.db, 0);
  await moveCredits(t.database.db, { userId: buyer.id, amount: 100, kind: 'purchase', idempotencyKey: `p1:${buyer.id}`, reason: 'Pro' });
  await moveCredits(t.database.db, { userId: casual.id, amount: 10, kind: 'purchase', idempotencyKey: `p2:${casual.id}`, reason: 'Mini' });
  await t.database.db.insert(orders).values([
    {
      userId: buyer.id,
      kind: 'credit_pack',
      description: 'Pro',
      amountCents: 900,
      credits: 100,
      provider: 'stripe',
      status: 'paid',
      paidAt: new Date(),
      invoiceNumber: 1,
    },
    {
      userId: casual.id,
      kind: 'credit_pack',
      description: 'Big',
      amountCents: 2900,
      credits: 400,
      provider: 'nowpayments',
      status: 'partially_refunded',
      refundedCents: 400,
      paidAt: new Date(),
      invoiceNumber: 2,
    },
    {
      userId: casual.id,
      kind: 'credit_pack',
      description: 'Paid in test mode: never revenue',
      amountCents: 10_000,
      credits: 1000,
      provider: 'stripe',
      status: 'paid',
      paidAt: new Date(),
      invoiceNumber: 3,
      testMode: true,
    },
    {
      userId: casual.id,
      kind: 'credit_pack',
      description: 'Unpaid',
      amountCents: 5000,
      credits: 600,
      provider: 'stripe',
      status: 'pending',
    },
  ]);
  for (const body of [salesPilotJob, salesPilotJob, { service: 'sound-generator', params: { prompt: 'rain on a roof' } }]) {
    const submitted = await submitJob(t.app, buyer.token, body);
    expect(submitted.statusCode).toBe(201);
    await waitForJob(t.app, buyer.token, submitted.json().data.id as string);
  }
  // One sales-pilot job ran on a hosted provider that charged five cents.
  const [hosted] = await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.service, 'sales-pilot')).limit(1);
  await t.database.db
    .update(jobs)
    .set({ provider: 'openai', providerModel: 'gpt-4o-mini', providerCostMicroUsd: 50_000 })
    .where(eq(jobs.id, hosted!.id));
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(admin) });

describe('GET /admin/analytics', () => {
  it('adds up sign-ups, active users, revenue net of refunds per provider, credits sold and spent, jobs per service and top users', async () => {
    const data = analyticsSchema.parse((await get(`/admin/analytics?from=${today}&to=${today}`)).json().data);
    expect(data.days).toHaveLength(1);
    expect(data.totals).toMatchObject({
      signups: 3, // the seeded admin and two people
      grossRevenueCents: 3800,
      refundedCents: 400,
      netRevenueCents: 3400,
      creditsSold: 110,
      creditsSpent: 2, // two sales-pilot jobs at 1; the failed sound job is refunded
      jobs: 3,
    });
    // The test-mode order is shown apart and is not in the revenue; the pending one counts nowhere.
    expect(data.totals.testMoney).toEqual({ paidCents: 10_000, refundedCents: 0, netCents: 10_000, count: 1 });
    expect(data.totals.activeUsers).toBe(3); // everyone signed in today
    expect(data.totals.successRate).toBeCloseTo(2 / 3);
    expect(data.providers).toEqual([
      { provider: 'nowpayments', orders: 1, grossCents: 2900, refundedCents: 400, netCents: 2500 },
      { provider: 'stripe', orders: 1, grossCents: 900, refundedCents: 0, netCents: 900 },
    ]);
    expect(data.days[0]?.revenueCents).toEqual({ nowpayments: 2500, stripe: 900 });
    const sales = data.services.find((row) => row.service === 'sales-pilot');
    expect(sales).toMatchObject({ jobs: 2, succeeded: 2, failed: 0, successRate: 1, creditsSpent: 2 });
    // A credit brought in 3400 cents / 500 credits of real sales; the test-mode order is not revenue.
    expect(data.totals).toMatchObject({ providerCostMicroUsd: 50_000, revenuePerCreditCents: 6.8 });
    // 2 credits at 6.8 cents, minus the provider's 5 cents.
    expect(sales).toMatchObject({ providerCostMicroUsd: 50_000, marginCents: 8.6 });
    expect(data.serviceDays.find((row) => row.service === 'sales-pilot')).toEqual({
      date: today,
      service: 'sales-pilot',
      jobs: 2,
      creditsSpent: 2,
      providerCostMicroUsd: 50_000,
      revenueCents: 13.6,
      marginCents: 8.6,
    });
    expect(sales?.averageDurationMs).toEqual(expect.any(Number));
    expect(data.services.find((row) => row.service === 'sound-generator')).toMatchObject({
      jobs: 1,
      failed: 1,
      successRate: 0,
      averageDurationMs: null,
      creditsSpent: 0,
    });
    expect(data.topUsers[0]).toMatchObject({ creditsSpent: 2, jobs: 3, revenueCents: 900 });
    expect(data.topUsers[1]).toMatchObject({ creditsSpent: 0, revenueCents: 2500 });
  });

  it('defaults to the last 30 days and fills days without activity with zeros', async () => {
    const data = analyticsSchema.parse((await get('/admin/analytics')).json().data);
    expect(data.days).toHaveLength(30);
    expect(data.to).toBe(today);
    const past = analyticsSchema.parse((await get('/admin/analytics?from=2020-01-01&to=2020-01-03')).json().data);
    expect(past.days.map((day) => day.signups)).toEqual([0, 0, 0]);
    expect(past.totals).toMatchObject({ netRevenueCents: 0, jobs: 0, successRate: null });
  });

  it.each(['from=2020-02-01&to=2020-01-01', 'from=2020-01-01&to=2022-01-01', 'from=yesterday', 'range=all'])(
    'refuses ?%s with 400',
    async (query) => {
      expect((await get(`/admin/analytics?${query}`)).statusCode).toBe(400);
    },
  );
});

describe('GET /admin/analytics/export', () => {
  it('answers text/csv for each report with a file name', async () => {
    const daily = await get(`/admin/analytics/export?from=${today}&to=${today}`);
    expect(daily.statusCode).toBe(200);
    expect(daily.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(daily.headers['content-disposition']).toBe(`attachment; filename="lumen-daily-${today}-to-${today}.csv"`);
    expect(daily.body).toBe(
      'date,signups,active_users,revenue_nowpayments_usd,revenue_stripe_usd,credits_sold,credits_spent,jobs\r\n' +
        `${today},3,3,25.00,9.00,110,2,3\r\n`,
    );
    const providers = await get(`/admin/analytics/export?report=providers&from=${today}&to=${today}`);
    expect(providers.body.split('\r\n').slice(0, 4)).toEqual([
      'provider,money,orders,gross_usd,refunded_usd,net_usd',
      'nowpayments,live,1,29.00,4.00,25.00',
      'stripe,live,1,9.00,0.00,9.00',
      // The test-mode order on its own line, never in the revenue above.
      'all,test,1,100.00,0.00,100.00',
    ]);
    const services = await get(`/admin/analytics/export?report=services&from=${today}&to=${today}`);
    expect(services.body).toContain('sound-generator,1,0,1,0.0000,,0');
    const users = await get(`/admin/analytics/export?report=top-users&from=${today}&to=${today}`);
    expect(users.body.split('\r\n')[0]).toBe('user_id,email,name,credits_spent,jobs,revenue_usd');
    expect((await get('/admin/analytics/export?report=everything')).statusCode).toBe(400);
  });
});

describe('analyticsCsv', () => {
  it('quotes commas and quotes, and neutralises cells a spreadsheet would run as formulas (numbers stay numbers)', async () => {
    const { analyticsCsv } = await import('./analytics.service.ts');
    const data = analyticsSchema.parse((await get(`/admin/analytics?from=${today}&to=${today}`)).json().data);
    const csv = analyticsCsv(
      {
        ...data,
        topUsers: [
          { userId: 'u1', email: '=HYPERLINK("http://evil")@x.com', name: 'Smith, "Ada"', creditsSpent: -3, jobs: 0, revenueCents: 0 },
        ],
      },
      'top-users',
    );
    expect(csv.split('\r\n')[1]).toBe(`u1,"'=HYPERLINK(""http://evil"")@x.com","Smith, ""Ada""",-3,0,0.00`);
  });
});
