import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createdCryptoPaymentSchema } from '@lumen/core/payments/crypto';
import { CRYPTO_SUBSCRIPTION_DOES_NOT_RENEW_MESSAGE, mySubscriptionSchema, subscriptionSchema } from '@lumen/core/payments/card';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { verifiedUser } from '../../../test/crypto-helpers.ts';
import { listPlans } from '../plans/plans.repository.ts';
import { subscriptions } from './tables.ts';

/**
 * A subscription paid by crypto (provider 'nowpayments', no Stripe id) is shown and canceled by the
 * same routes as a card one, changed here only (nothing asks the card provider); it never renews.
 */
let t: TestApp;
let offsetMs = 0;
beforeAll(async () => {
  t = await buildTestApp({
    clock: () => new Date(Date.now() + offsetMs),
    config: { crypto: { nowpayments: null, testTimings: { confirmingAfterMs: 3_600_000, finishedAfterMs: 7_200_000 } } },
  });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  offsetMs = 0;
  vi.restoreAllMocks();
});

const db = () => t.database.db;
const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload }) });

/** A user whose Creator plan period was paid by crypto through the real routes and the test provider's IPN. */
async function cryptoSubscriber() {
  const user = await verifiedUser(t.app, db());
  const [creator] = await listPlans(db());
  const response = await api('POST', '/payment/crypto/subscription', user.headers, { planId: creator!.id, payCurrency: 'btc' });
  expect(response.statusCode, response.body).toBe(201);
  await t.app.cryptoPayments.sandbox!.force(createdCryptoPaymentSchema.parse(response.json().data).paymentId, { status: 'finished' });
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  expect(row).toMatchObject({ provider: 'nowpayments', providerSubscriptionId: null, status: 'active' });
  return { user, plan: creator!, row: row! };
}

function spyOnCardProvider() {
  const provider = t.app.cardPayments.provider;
  return [vi.spyOn(provider, 'cancelSubscription'), vi.spyOn(provider, 'reactivateSubscription')];
}

describe('a crypto-paid subscription', () => {
  it('GET /payment/subscriptions/me shows it as not renewing; reactivate is refused (409) and cancel at period end changes nothing: all local, no provider call', async () => {
    const { user, plan, row } = await cryptoSubscriber();
    const spies = spyOnCardProvider();

    const mine = mySubscriptionSchema.parse((await api('GET', '/payment/subscriptions/me', user.headers)).json().data);
    expect(mine.subscription).toMatchObject({
      id: row.id,
      status: 'active',
      plan: { id: plan.id, name: plan.name },
      currentPeriodEnd: row.currentPeriodEnd!.toISOString(),
      // A crypto period does not renew by itself.
      cancelAtPeriodEnd: true,
      canceledAt: null,
      renewsAutomatically: false,
      testMode: true,
    });

    const reactivated = await api('POST', '/payment/subscription/reactivate', user.headers);
    expect(reactivated.statusCode, reactivated.body).toBe(409);
    expect(reactivated.json().message).toBe(CRYPTO_SUBSCRIPTION_DOES_NOT_RENEW_MESSAGE);
    expect((await db().select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0]).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });

    const canceled = await api('POST', '/payment/subscriptions/cancel', user.headers, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(subscriptionSchema.parse(canceled.json().data)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, canceledAt: null });
    expect((await db().select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0]).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });

    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('cancel now ends it locally at once; then there is nothing to reactivate', async () => {
    const { user, row } = await cryptoSubscriber();
    const spies = spyOnCardProvider();
    const now = await api('POST', '/payment/subscriptions/cancel', user.headers, { cancelImmediately: true });
    expect(now.statusCode, now.body).toBe(200);
    const ended = subscriptionSchema.parse(now.json().data);
    expect(ended).toMatchObject({ id: row.id, status: 'canceled', cancelAtPeriodEnd: false });
    expect(ended.canceledAt).not.toBeNull();
    expect(mySubscriptionSchema.parse((await api('GET', '/payment/subscriptions/me', user.headers)).json().data).subscription).toBeNull();
    const again = await api('POST', '/payment/subscription/reactivate', user.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('You have no active subscription');
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('ends when its paid period is over (nothing renews a crypto period); reactivate and cancel then find nothing', async () => {
    const { user, row } = await cryptoSubscriber();
    offsetMs = row.currentPeriodEnd!.getTime() - Date.now() + 60_000;
    expect(mySubscriptionSchema.parse((await api('GET', '/payment/subscriptions/me', user.headers)).json().data).subscription).toBeNull();
    const [closed] = await db().select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(closed).toMatchObject({ status: 'canceled', canceledAt: row.currentPeriodEnd });
    expect((await api('POST', '/payment/subscription/reactivate', user.headers)).statusCode).toBe(404);
    expect((await api('POST', '/payment/subscriptions/cancel', user.headers, {})).statusCode).toBe(404);
  });
});
