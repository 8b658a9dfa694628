import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerInvariant } from '../../../test/credit-helpers.ts';
import { startLocalStripeServer } from '../../../test/local-stripe-server.ts';
import type { LocalStripeServer } from '../../../test/local-stripe-server.ts';
import { listLedgerEntries } from '../../credits/credits.repository.ts';
import { listActivePlans } from '../plans/plans.repository.ts';
import { postStripeWebhook, seededPackage, signedStripeEvent, verifiedBuyer } from '../../../test/card-helpers.ts';
import { findOrderById } from '../orders/orders.repository.ts';
import { createStripeCardProvider } from './stripe-card-provider.ts';
import { subscriptions } from '../subscriptions/tables.ts';

const WEBHOOK_SECRET = 'whsec_local_stripe_tests';

let stripe: LocalStripeServer;
let t: TestApp;
beforeAll(async () => {
  stripe = await startLocalStripeServer();
  t = await buildTestApp({
    config: {
      stripe: { secretKey: stripe.secretKey, publishableKey: 'pk_test_local', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const db = () => t.database.db;
const mutating = () => stripe.requests.filter((request) => request.method !== 'GET');

describe('Stripe adapter against a local server speaking Stripe’s protocol', () => {
  it('sends form-encoded requests with the secret key and the given idempotency key', async () => {
    const provider = createStripeCardProvider({
      secretKey: stripe.secretKey,
      publishableKey: 'pk',
      webhookSecret: 'whsec',
      apiBase: stripe.url,
    });
    const { customerId } = await provider.createCustomer({ userId: 'u1', email: 'a@example.com', idempotencyKey: 'customer:u1' });
    const intent = await provider.createPaymentIntent({
      orderId: '11111111-1111-4111-8111-111111111111',
      userId: 'u1',
      amountCents: 900,
      currency: 'usd',
      description: 'Pro',
      customerId,
      idempotencyKey: 'order:1:payment-intent',
    });
    expect(intent.clientSecret).toMatch(/^pi_local_\d+_secret_local$/);
    const sent = stripe.requests.find((request) => request.path === '/v1/payment_intents');
    expect(sent).toMatchObject({
      method: 'POST',
      idempotencyKey: 'order:1:payment-intent',
      authorization: `Bearer ${stripe.secretKey}`,
      body: {
        amount: '900',
        currency: 'usd',
        customer: customerId,
        metadata: { orderId: '11111111-1111-4111-8111-111111111111', userId: 'u1' },
      },
    });
    // A retried request with the same key is answered with the first result.
    const again = await provider.createPaymentIntent({
      orderId: '11111111-1111-4111-8111-111111111111',
      userId: 'u1',
      amountCents: 900,
      currency: 'usd',
      description: 'Pro',
      customerId,
      idempotencyKey: 'order:1:payment-intent',
    });
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);
  });

  it('a Stripe error becomes a clear 502 naming Stripe’s message', async () => {
    const provider = createStripeCardProvider({
      secretKey: 'sk_test_wrong',
      publishableKey: 'pk',
      webhookSecret: 'whsec',
      apiBase: stripe.url,
    });
    await expect(provider.createCustomer({ userId: 'u', email: 'a@example.com', idempotencyKey: 'k' })).rejects.toMatchObject({
      statusCode: 502,
      message: 'The card processor refused the request: Invalid API Key provided',
    });
  });
});

describe('the app with Stripe keys', () => {
  it('GET /payment/config gives the publishable key and card test mode off; the test-card routes are off', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/payment/config' });
    expect(config.json().data).toMatchObject({ testMode: { card: false }, stripePublishableKey: 'pk_test_local' });
    const buyer = await verifiedBuyer(t.app, db());
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/test-mode/card/confirm',
      headers: buyer.headers,
      payload: { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(confirm.statusCode).toBe(404);
  });

  it('a purchase: PaymentIntent at the package price, credited by the signed webhook once, card saved, refund through /v1/refunds', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db(), 1);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/credits/purchase/stripe/create-payment-intent',
      headers: buyer.headers,
      payload: { packageId: pack.id },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { orderId, clientSecret, amount } = created.json().data;
    expect(amount).toBe(pack.priceCents);
    expect(clientSecret).toMatch(/_secret_local$/);
    const order = await findOrderById(db(), orderId);
    expect(order?.providerPaymentId).toMatch(/^pi_local_/);
    const intentCall = stripe.requests.filter((request) => request.path === '/v1/payment_intents').at(-1);
    expect(intentCall?.body).toMatchObject({ amount: String(pack.priceCents), metadata: { orderId } });

    const event = signedStripeEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', {
      id: order!.providerPaymentId,
      object: 'payment_intent',
      amount: pack.priceCents,
      amount_received: pack.priceCents,
      currency: 'usd',
      customer: 'cus_x',
      payment_method: 'pm_local_card',
      metadata: { orderId },
    });
    const deliveries = await Promise.all(Array.from({ length: 20 }, () => postStripeWebhook(t.app, event.payload, event.signature)));
    expect(deliveries.every((response) => response.statusCode === 200)).toBe(true);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount);
    const methods = await t.app.inject({ method: 'GET', url: '/api/v1/payment/methods', headers: buyer.headers });
    expect(methods.json().data).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true })]);

    const refund = await t.app.cardPayments.refundCardPayment(orderId, pack.priceCents, `refund:${orderId}:full`, { reason: 'test' });
    expect(refund.providerRefundId).toMatch(/^re_local_/);
    const refundCall = stripe.requests.filter((request) => request.path === '/v1/refunds').at(-1);
    expect(refundCall).toMatchObject({
      idempotencyKey: `refund:${orderId}:full`,
      body: { payment_intent: order!.providerPaymentId, amount: String(pack.priceCents) },
    });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);

    // Stripe then reports the same refund: nothing more happens.
    const refunded = signedStripeEvent(WEBHOOK_SECRET, 'charge.refunded', {
      id: 'ch_local',
      object: 'charge',
      amount: pack.priceCents,
      amount_refunded: pack.priceCents,
      payment_intent: order!.providerPaymentId,
      refunds: { data: [{ id: refund.providerRefundId }] },
    });
    expect((await postStripeWebhook(t.app, refunded.payload, refunded.signature)).statusCode).toBe(200);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);
    expect((await listLedgerEntries(db(), buyer.id)).filter((entry) => entry.kind === 'payment_refund')).toHaveLength(1);
  });

  it('subscriptions: Checkout in subscription mode, credits per invoice.paid, cancel and reactivate through /v1/subscriptions', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const [plan] = await listActivePlans(db());
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/checkout/subscription',
      headers: buyer.headers,
      payload: { planId: plan!.id },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { subscriptionId, url } = checkout.json().data;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const sessionCall = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1);
    expect(sessionCall?.body).toMatchObject({
      mode: 'subscription',
      success_url: 'http://localhost:3000/dashboard/billing?payment=success',
      cancel_url: 'http://localhost:3000/pricing?payment=cancelled',
      subscription_data: { metadata: { subscriptionId } },
      line_items: [{ price_data: { unit_amount: String(plan!.priceCents), recurring: { interval: plan!.interval } } }],
    });

    const providerSubscriptionId = 'sub_local_abc';
    const completed = signedStripeEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
      id: 'cs_local_sub',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      subscription: providerSubscriptionId,
      metadata: { subscriptionId },
    });
    expect((await postStripeWebhook(t.app, completed.payload, completed.signature)).statusCode).toBe(200);
    const start = Math.floor(Date.now() / 1000);
    for (const [index, period] of [
      [start, start + 2_592_000],
      [start + 2_592_000, start + 5_184_000],
    ].entries()) {
      const paid = signedStripeEvent(WEBHOOK_SECRET, 'invoice.paid', {
        id: `in_local_${index}`,
        object: 'invoice',
        amount_paid: plan!.priceCents,
        currency: 'usd',
        billing_reason: index === 0 ? 'subscription_create' : 'subscription_cycle',
        parent: { subscription_details: { subscription: providerSubscriptionId, metadata: { subscriptionId } } },
        lines: { data: [{ period: { start: period![0], end: period![1] } }] },
        payments: { data: [{ payment: { payment_intent: `pi_local_inv_${index}` } }] },
      });
      expect((await postStripeWebhook(t.app, paid.payload, paid.signature)).statusCode).toBe(200);
      expect((await postStripeWebhook(t.app, paid.payload, paid.signature)).statusCode).toBe(200);
    }
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(plan!.creditsPerPeriod * 2);
    const grants = (await listLedgerEntries(db(), buyer.id)).filter((entry) => entry.kind === 'subscription_grant');
    expect(grants).toHaveLength(2);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/payment/subscriptions/me', headers: buyer.headers });
    expect(me.json().data.subscription).toMatchObject({
      id: subscriptionId,
      status: 'active',
      cancelAtPeriodEnd: false,
      plan: { id: plan!.id },
    });

    const cancel = await t.app.inject({ method: 'POST', url: '/api/v1/payment/subscriptions/cancel', headers: buyer.headers, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const reactivate = await t.app.inject({ method: 'POST', url: '/api/v1/payment/subscription/reactivate', headers: buyer.headers });
    expect(reactivate.json().data).toMatchObject({ cancelAtPeriodEnd: false });
    const now = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/subscriptions/cancel',
      headers: buyer.headers,
      payload: { cancelImmediately: true },
    });
    expect(now.json().data).toMatchObject({ status: 'canceled' });
    const subscriptionCalls = stripe.requests.filter((request) => request.path === `/v1/subscriptions/${providerSubscriptionId}`);
    expect(subscriptionCalls.map((request) => [request.method, request.body.cancel_at_period_end])).toEqual([
      ['POST', 'true'],
      ['POST', 'false'],
      ['DELETE', undefined],
    ]);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(plan!.creditsPerPeriod * 2);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(row?.providerSubscriptionId).toBe(providerSubscriptionId);
  });

  it('payment methods: default and delete go to Stripe; every mutating call carried an idempotency key', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db());
    for (const methodId of ['pm_local_one', 'pm_local_two']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/credits/purchase/stripe/create-payment-intent',
        headers: buyer.headers,
        payload: { packageId: pack.id },
      });
      const { orderId } = created.json().data;
      const order = await findOrderById(db(), orderId);
      const event = signedStripeEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', {
        id: order!.providerPaymentId,
        object: 'payment_intent',
        amount: pack.priceCents,
        currency: 'usd',
        payment_method: methodId,
        metadata: { orderId },
      });
      await postStripeWebhook(t.app, event.payload, event.signature);
    }
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/payment/methods', headers: buyer.headers })).json().data as {
      id: string;
      isDefault: boolean;
    }[];
    expect(listed).toHaveLength(2);
    const second = listed.find((method) => !method.isDefault)!;
    const other = await verifiedBuyer(t.app, db());
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/payment/methods/${second.id}/default`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/payment/methods/${second.id}`, headers: other.headers })).statusCode).toBe(
      404,
    );
    const made = await t.app.inject({ method: 'POST', url: `/api/v1/payment/methods/${second.id}/default`, headers: buyer.headers });
    expect(made.json().data.find((method: { id: string }) => method.id === second.id).isDefault).toBe(true);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/payment/methods/${second.id}`, headers: buyer.headers });
    expect(removed.json().data).toEqual([expect.objectContaining({ isDefault: true })]);
    expect(stripe.requests.some((request) => request.path.endsWith('/detach'))).toBe(true);

    expect(mutating().length).toBeGreaterThan(5);
    expect(mutating().filter((request) => !request.idempotencyKey)).toEqual([]);
  });
});
