import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerInvariant } from '../../../test/credit-helpers.ts';
import { listLedgerEntries } from '../../credits/credits.repository.ts';
import { verifiedBuyer } from '../../../test/card-helpers.ts';
import { listActivePlans } from '../plans/plans.repository.ts';
import { orders } from '../orders/tables.ts';
import { subscriptions } from './tables.ts';

let now = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function subscribe(headers: Record<string, string>, planId: string) {
  const checkout = await t.app.inject({ method: 'POST', url: '/api/v1/payment/checkout/subscription', headers, payload: { planId } });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { url, subscriptionId } = checkout.json().data;
  const path = new URL(url).pathname;
  const page = await t.app.inject({ method: 'GET', url: path });
  expect(page.body).toContain('Test mode — no real payment');
  const paid = await t.app.inject({
    method: 'POST',
    url: path,
    headers: form,
    payload: 'cardNumber=4242424242424242&expiry=12%2F34&cvc=123',
  });
  expect(paid.statusCode).toBe(303);
  expect(paid.headers.location).toBe('http://localhost:3000/dashboard/billing?payment=success');
  return subscriptionId as string;
}

describe('subscriptions in test mode', () => {
  it('checkout through the test page grants the plan’s credits; a renewal (invoice.paid) grants them again; downloads unlock', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const [plan] = await listActivePlans(db());
    const subscriptionId = await subscribe(buyer.headers, plan!.id);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(plan!.creditsPerPeriod);
    const usage = await t.app.inject({ method: 'GET', url: '/api/v1/payment/usage', headers: buyer.headers });
    expect(usage.json().data.hasPurchased).toBe(true);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/payment/subscriptions/me', headers: buyer.headers });
    const dto = me.json().data.subscription;
    expect(dto).toMatchObject({
      id: subscriptionId,
      status: 'active',
      testMode: true,
      cancelAtPeriodEnd: false,
      renewsAutomatically: true,
      plan: { id: plan!.id, creditsPerPeriod: plan!.creditsPerPeriod },
    });
    expect(new Date(dto.currentPeriodEnd).getTime()).toBeGreaterThan(new Date(dto.currentPeriodStart).getTime());

    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    await t.app.cardPayments.sandbox!.renewSubscription(row!.providerSubscriptionId!);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(plan!.creditsPerPeriod * 2);
    const grants = (await listLedgerEntries(db(), buyer.id)).filter((entry) => entry.kind === 'subscription_grant');
    expect(grants).toHaveLength(2);
    const periodOrders = await db().select().from(orders).where(eq(orders.subscriptionId, subscriptionId));
    expect(periodOrders.map((order) => order.status)).toEqual(['paid', 'paid']);
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/payment/subscriptions/me', headers: buyer.headers })).json().data
      .subscription;
    expect(after.currentPeriodStart).toBe(dto.currentPeriodEnd);
  });

  it('one subscription at a time: a second checkout is a 409', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const [plan, other] = await listActivePlans(db());
    await subscribe(buyer.headers, plan!.id);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/checkout/subscription',
      headers: buyer.headers,
      payload: { planId: other!.id },
    });
    expect(second.statusCode).toBe(409);
  });

  it('cancel at period end keeps the credits and the subscription until the period ends; reactivate undoes it', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const [plan] = await listActivePlans(db());
    await subscribe(buyer.headers, plan!.id);
    const cancel = await t.app.inject({ method: 'POST', url: '/api/v1/payment/subscriptions/cancel', headers: buyer.headers, payload: {} });
    expect(cancel.json().data).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(plan!.creditsPerPeriod);
    const back = await t.app.inject({ method: 'POST', url: '/api/v1/payment/subscription/reactivate', headers: buyer.headers });
    expect(back.json().data.cancelAtPeriodEnd).toBe(false);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/payment/subscription/reactivate', headers: buyer.headers });
    expect(again.statusCode).toBe(409);

    const bodiless = await t.app.inject({ method: 'POST', url: '/api/v1/payment/subscriptions/cancel', headers: buyer.headers });
    expect(bodiless.statusCode, bodiless.body).toBe(200);
    expect(bodiless.json().data.cancelAtPeriodEnd).toBe(true);
    const saved = now;
    now = new Date(saved.getTime() + 400 * 86_400_000);
    try {
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/payment/subscriptions/me', headers: buyer.headers });
      expect(me.json().data).toEqual({ subscription: null });
    } finally {
      now = saved;
    }
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(plan!.creditsPerPeriod);
  });

  it('cancel immediately ends it at once; without a subscription cancel is a 404', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/subscriptions/cancel',
      headers: buyer.headers,
      payload: { cancelImmediately: true },
    });
    expect(none.statusCode).toBe(404);
    const [plan] = await listActivePlans(db());
    await subscribe(buyer.headers, plan!.id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/subscriptions/cancel',
      headers: buyer.headers,
      payload: { cancelImmediately: true },
    });
    expect(cancel.json().data).toMatchObject({ status: 'canceled' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/payment/subscriptions/me', headers: buyer.headers })).json().data.subscription,
    ).toBeNull();
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(plan!.creditsPerPeriod);
  });

  it('an unknown plan is a 404 and a guest gets 401', async () => {
    const buyer = await verifiedBuyer(t.app, db());
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/checkout/subscription',
      headers: buyer.headers,
      payload: { planId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Subscription plan not found');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payment/subscriptions/me' })).statusCode).toBe(401);
  });
});
