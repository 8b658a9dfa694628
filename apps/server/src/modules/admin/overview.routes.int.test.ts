import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema } from '@lumen/core/admin/analytics';
import { overviewSchema } from '@lumen/core/admin/overview';
import type { Overview } from '@lumen/core/admin/overview';
import type { Job } from '@lumen/core/jobs/schemas';
import { createdCryptoPaymentSchema } from '@lumen/core/payments/crypto';
import { adminSettingsSchema } from '@lumen/core/settings/platform-settings';
import { createEngineRegistry } from '@lumen/engines';
import type { FakeFalEndpoint, FakeServer } from '@lumen/engines/testing';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { postStripeWebhook, seededPackage, signedStripeEvent, verifiedBuyer } from '../../test/card-helpers.ts';
import { creditsBody, packageNamed } from '../../test/crypto-helpers.ts';
import { falEnginesConfig, startFakeFal } from '../../test/fake-fal-app.ts';
import { bearer } from '../../test/http-helpers.ts';
import { fastWorker, salesPilotJob, submitJob, until, waitForJob } from '../../test/job-helpers.ts';
import { startLocalStripeServer } from '../../test/local-stripe-server.ts';
import type { LocalStripeServer } from '../../test/local-stripe-server.ts';
import { findOrderById } from '../payments/orders/orders.repository.ts';
import { getOverview } from './overview.service.ts';

const WEBHOOK_SECRET = 'whsec_overview_tests';

let stripe: LocalStripeServer;
let fal: FakeServer;
let endpoint: FakeFalEndpoint;
let falSubmissions: () => FakeServer['requests'];
let t: TestApp;
let admin: string;
let livePack: Awaited<ReturnType<typeof seededPackage>>;
let testPack: Awaited<ReturnType<typeof packageNamed>>;
let stuckJobId: string;

const db = () => t.database.db;
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
const overview = async (range = 'today') => {
  const response = await get(`/admin/overview?range=${range}`);
  expect(response.statusCode, response.body).toBe(200);
  return overviewSchema.parse(response.json().data);
};

/** A package bought with a card on (a local server speaking) Stripe: live money. */
async function buyLive() {
  const buyer = await verifiedBuyer(t.app, db(), 0);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/credits/purchase/stripe/create-payment-intent',
    headers: buyer.headers,
    payload: { packageId: livePack.id },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { orderId } = created.json().data as { orderId: string };
  const order = await findOrderById(db(), orderId);
  const event = signedStripeEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', {
    id: order!.providerPaymentId,
    object: 'payment_intent',
    amount: livePack.priceCents,
    amount_received: livePack.priceCents,
    currency: 'usd',
    payment_method: 'pm_local_card',
    metadata: { orderId },
  });
  expect((await postStripeWebhook(t.app, event.payload, event.signature)).statusCode).toBe(200);
  return buyer;
}

/** A package paid in the crypto sandbox (test mode: no money moved). */
async function buyInSandbox() {
  const buyer = await verifiedBuyer(t.app, db(), 0);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/crypto/credits',
    headers: buyer.headers,
    payload: creditsBody(testPack),
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = createdCryptoPaymentSchema.parse(response.json().data);
  await t.app.cryptoPayments.sandbox!.force(created.paymentId, { status: 'finished' });
}

async function setDailyBudget(capUsd: number | null) {
  const current = adminSettingsSchema.parse((await get('/admin/settings')).json().data);
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    headers: bearer(admin),
    payload: { ...current.settings, dailyProviderSpendCapUsd: capUsd },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function imageJob(token: string): Promise<Job> {
  const response = await submitJob(t.app, token, {
    service: 'image-generator',
    params: { prompt: 'a red fox in the snow', aspectRatio: '4:3' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Job;
}

beforeAll(async () => {
  stripe = await startLocalStripeServer();
  const fake = await startFakeFal();
  ({ server: fal, endpoint, submissions: falSubmissions } = fake);
  t = await buildTestApp({
    config: {
      stripe: { secretKey: stripe.secretKey, publishableKey: 'pk_test_local', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url },
      crypto: { nowpayments: null, testTimings: { confirmingAfterMs: 3_600_000, finishedAfterMs: 7_200_000 } },
    },
    jobs: { runWorker: true, worker: fastWorker, engines: createEngineRegistry(falEnginesConfig(fal), { pollIntervalMs: 20 }) },
  });
  admin = await adminAccessToken(t.app);
  livePack = await seededPackage(db(), 0);
  testPack = await packageNamed(db(), '350 Credits');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await fal?.close();
});

describe('GET /admin/overview', () => {
  it('starts from nothing: no money, jobs or attention on a fresh platform (the seeded admin is the one sign-up)', async () => {
    const data = await overview();
    expect(data).toMatchObject({
      range: 'today',
      signups: 1,
      payingUsers: 0,
      revenue: { live: { netCents: 0, count: 0 }, test: { netCents: 0, count: 0 } },
      jobs: { total: 0, succeeded: 0, failed: 0, failureRate: null },
      credits: { sold: 0, spent: 0 },
      providerSpendMicroUsd: 0,
      revenuePerCreditCents: null,
      services: [],
      attention: [],
    });
    expect(data.from).toBe(`${data.asOf.slice(0, 10)}T00:00:00.000Z`);
  });

  it('adds up the day: live revenue with test money apart, sign-ups, paying users, jobs and failures, spend and margin per service, credits', async () => {
    const first = await buyLive();
    await buyLive();
    await buyInSandbox();
    for (const body of [salesPilotJob, salesPilotJob]) {
      const submitted = await submitJob(t.app, first.token, body);
      expect(submitted.statusCode).toBe(201);
      expect((await waitForJob(t.app, first.token, submitted.json().data.id as string)).status).toBe('succeeded');
    }
    expect((await waitForJob(t.app, first.token, (await imageJob(first.token)).id)).status).toBe('succeeded');
    // fal then fails three jobs in a row: refunded, and fal is failing.
    endpoint.error = 'Model crashed';
    for (let run = 0; run < 3; run += 1) {
      expect((await waitForJob(t.app, first.token, (await imageJob(first.token)).id)).status).toBe('failed');
    }
    delete endpoint.error;

    const data = await overview();
    const analytics = analyticsSchema.parse((await get('/admin/analytics')).json().data);
    const salesPilotCost = 1;
    const imageCost = analytics.services.find((row) => row.service === 'image-generator')!;
    expect(data.signups).toBe(4); // the admin and three buyers
    expect(data.payingUsers).toBe(2); // the sandbox buyer paid no money
    expect(data.revenue.live).toEqual({
      paidCents: 2 * livePack.priceCents,
      refundedCents: 0,
      netCents: 2 * livePack.priceCents,
      count: 2,
    });
    expect(data.revenue.test).toEqual({ paidCents: testPack.priceCents, refundedCents: 0, netCents: testPack.priceCents, count: 1 });
    expect(data.jobs).toEqual({ total: 6, succeeded: 3, failed: 3, failureRate: 0.5 });
    expect(data.credits).toEqual({
      sold: 2 * livePack.creditsAmount + testPack.creditsAmount,
      spent: 2 * salesPilotCost + imageCost.creditsSpent,
    });
    expect(data.revenuePerCreditCents).toBeCloseTo(livePack.priceCents / livePack.creditsAmount, 2);
    expect(data.providerSpendMicroUsd).toBeGreaterThan(0);
    expect(data.providerSpendMicroUsd).toBe(analytics.totals.providerCostMicroUsd);

    const image = data.services.find((row) => row.service === 'image-generator')!;
    expect(image).toMatchObject({ jobs: 4, failed: 3, providerCostMicroUsd: data.providerSpendMicroUsd });
    expect(image.creditsSpent).toBe(imageCost.creditsSpent);
    const perCredit = livePack.priceCents / livePack.creditsAmount;
    expect(image.revenueCents).toBeCloseTo(image.creditsSpent * perCredit, 2);
    expect(image.marginCents).toBeCloseTo(image.creditsSpent * perCredit - data.providerSpendMicroUsd / 10_000, 2);
    expect(data.services.find((row) => row.service === 'sales-pilot')).toMatchObject({
      jobs: 2,
      failed: 0,
      creditsSpent: 2,
      providerCostMicroUsd: 0,
    });

    // fal failed 3 of its 4 calls in the last hour.
    expect(data.attention).toEqual([
      { kind: 'provider_failing', severity: 'warning', message: 'fal failed 3 of 4 calls in the last hour.', href: '/admin/providers' },
    ]);
    // The 7- and 30-day ranges hold today too.
    expect((await overview('7d')).jobs.total).toBe(6);
    expect((await overview('30d')).revenue.live.count).toBe(2);
  });

  it('warns when the daily hosted AI budget nears its end, and says when it is used up', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 100);
    // Budgets have whole cents; one image costs a fraction of one: run images until the day's spend is 80–100% of one.
    let spent = (await overview()).providerSpendMicroUsd;
    let capCents = Math.floor(spent / 10_000) + 1;
    for (let run = 0; run < 12 && spent < 0.8 * capCents * 10_000; run += 1) {
      expect((await waitForJob(t.app, buyer.token, (await imageJob(buyer.token)).id)).status).toBe('succeeded');
      spent = (await overview()).providerSpendMicroUsd;
      capCents = Math.floor(spent / 10_000) + 1;
    }
    await setDailyBudget(capCents / 100);
    const near = (await overview()).attention.find((item) => item.kind === 'provider_budget_near');
    expect(near).toEqual({
      kind: 'provider_budget_near',
      severity: 'warning',
      message: `${Math.floor((spent / (capCents * 10_000)) * 100)}% of today’s hosted AI budget is spent ($${(spent / 1e6).toFixed(2)} of $${(capCents / 100).toFixed(2)}).`,
      href: '/admin/providers',
    });
    await setDailyBudget((capCents - 1) / 100);
    const reached = (await overview()).attention.find((item) => item.kind === 'provider_budget_reached');
    expect(reached).toMatchObject({ severity: 'critical', href: '/admin/providers' });
    expect(reached?.message).toMatch(
      /^Today’s hosted AI budget is used up \(\$0\.\d\d of \$0\.\d\d\): hosted services refuse new jobs until 00:00 UTC\.$/,
    );
    await setDailyBudget(null);
    expect((await overview()).attention.map((item) => item.kind)).toEqual(['provider_failing']);
  });

  it('names jobs left past their deadline, seen from a little later', async () => {
    endpoint.endless = true;
    const buyer = await verifiedBuyer(t.app, db(), 10);
    const submittedBefore = falSubmissions().length;
    stuckJobId = (await imageJob(buyer.token)).id;
    await until(async () => falSubmissions().length > submittedBefore, 'the job is submitted to fal');
    const now = await overview();
    expect(now.attention.map((item) => item.kind)).not.toContain('jobs_overdue');
    // The hosted image generator's timeout (5 minutes) and the sweeper's 30 s grace have passed.
    const later: Overview = await getOverview(db(), {
      range: 'today',
      now: new Date(Date.now() + 6 * 60_000),
      environment: { production: false, sandboxes: [] },
    });
    expect(later.attention).toContainEqual({
      kind: 'jobs_overdue',
      severity: 'warning',
      message: '1 job ran past its deadline and was not stopped.',
      href: `/admin/jobs/${stuckJobId}`,
    });
  });

  it('puts test-mode payments in production first', async () => {
    const data = await getOverview(db(), { range: 'today', now: new Date(), environment: { production: true, sandboxes: ['crypto'] } });
    expect(data.attention[0]).toEqual({
      kind: 'test_mode_in_production',
      severity: 'critical',
      message: 'Payments run in test mode in production (crypto): purchases grant credits but no money moves.',
      href: '/admin/payments',
    });
    // This test app is not in production: its crypto sandbox is no attention item.
    expect((await overview()).attention.map((item) => item.kind)).not.toContain('test_mode_in_production');
  });

  it('refuses an unknown range with 400 and anyone but an admin', async () => {
    const bad = await get('/admin/overview?range=year');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/range must be today, 7d or 30d/);
    const user = await verifiedBuyer(t.app, db(), 0);
    expect((await get('/admin/overview', user.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/overview' })).statusCode).toBe(401);
  });
});
