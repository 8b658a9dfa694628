import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { seededPackage, verifiedBuyer } from '../../test/card-helpers.ts';
import { balanceOf, creditsBody } from '../../test/crypto-helpers.ts';
import { startLocalStripeServer } from '../../test/local-stripe-server.ts';
import type { LocalStripeServer } from '../../test/local-stripe-server.ts';
import { listActivePackages } from '../credits/catalogue.repository.ts';
import { orders } from './orders/tables.ts';
import { subscriptions } from './subscriptions/tables.ts';

/** The most expensive package: above the crypto threshold, the one the review bought five times for nothing. */
async function dearestPackage(t: TestApp) {
  const packs = await listActivePackages(t.database.db);
  return packs.reduce((dearest, pack) => (pack.priceCents > dearest.priceCents ? pack : dearest));
}

describe('NODE_ENV=production without payment keys and without PAYMENTS_SANDBOX', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { nodeEnv: 'production', paymentsSandbox: false } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /payment/config says neither card nor crypto is available, and neither runs in test mode', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/payment/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ available: { card: false, crypto: false }, testMode: { card: false, crypto: false } });
  });

  it('five crypto purchases of the dearest package and every card route answer 503; no order, no credit', async () => {
    const buyer = await verifiedBuyer(t.app, t.database.db, 5);
    const pack = await dearestPackage(t);
    const crypto = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/payment/crypto/credits', headers: buyer.headers, payload: creditsBody(pack) }),
      ),
    );
    for (const response of crypto) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({ message: 'Crypto payments are not configured', error: { code: 'SERVICE_UNAVAILABLE' } });
    }
    const currencies = await t.app.inject({ method: 'GET', url: '/api/v1/payment/crypto/currencies', headers: buyer.headers });
    expect(currencies.statusCode).toBe(503);

    const cardRoutes: Array<[string, Record<string, unknown>]> = [
      ['/api/v1/credits/purchase/stripe/create-payment-intent', { packageId: pack.id }],
      [
        '/api/v1/credits/purchase/stripe/create-checkout-session',
        { packageId: pack.id, successUrl: 'http://localhost:3000/ok', cancelUrl: 'http://localhost:3000/no' },
      ],
      ['/api/v1/payment/checkout/credit-pack', { packId: pack.id, quantity: 2 }],
      [
        '/api/v1/payment/test-mode/card/confirm',
        { clientSecret: 'pi_x_secret_y', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
      ],
    ];
    for (const [url, payload] of cardRoutes) {
      const response = await t.app.inject({ method: 'POST', url, headers: buyer.headers, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(503);
      expect(response.json().message, url).toBe('Card payments are not configured');
    }
    const [plan] = (await t.app.inject({ method: 'GET', url: '/api/v1/payment/plans' })).json().data as Array<{ id: string }>;
    const subscribe = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/checkout/subscription',
      headers: buyer.headers,
      payload: { planId: plan!.id },
    });
    expect(subscribe.statusCode, subscribe.body).toBe(503);

    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id))).toEqual([]);
    expect(await balanceOf(t.database.db, buyer.id)).toBe(5);
  });

  it('the payment webhooks take nothing either', async () => {
    const stripe = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{"id":"evt_1","type":"payment_intent.succeeded"}',
    });
    expect(stripe.statusCode, stripe.body).toBe(503);
    const nowpayments = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/nowpayments',
      headers: { 'x-nowpayments-sig': '00' },
      payload: { payment_id: 1, payment_status: 'finished' },
    });
    expect(nowpayments.statusCode, nowpayments.body).toBe(503);
  });
});

describe('NODE_ENV=production with PAYMENTS_SANDBOX=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { nodeEnv: 'production', paymentsSandbox: true } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs both kinds in test mode, as the payment dialogs and invoices say', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/payment/config' });
    expect(response.json().data).toMatchObject({ available: { card: true, crypto: true }, testMode: { card: true, crypto: true } });
    const buyer = await verifiedBuyer(t.app, t.database.db);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/credits/purchase/stripe/create-payment-intent',
      headers: buyer.headers,
      payload: { packageId: (await seededPackage(t.database.db)).id },
    });
    expect(intent.statusCode, intent.body).toBe(200);
  });
});

describe('NODE_ENV=production with Stripe keys and no NOWPayments keys', () => {
  let stripe: LocalStripeServer;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await startLocalStripeServer();
    t = await buildTestApp({
      config: {
        nodeEnv: 'production',
        paymentsSandbox: false,
        stripe: { secretKey: stripe.secretKey, publishableKey: 'pk_test_local', webhookSecret: 'whsec_local', apiBase: stripe.url },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('takes cards through Stripe and answers 503 to crypto', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/payment/config' });
    expect(config.json().data).toMatchObject({ available: { card: true, crypto: false }, testMode: { card: false, crypto: false } });
    const buyer = await verifiedBuyer(t.app, t.database.db);
    const pack = await dearestPackage(t);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/credits/purchase/stripe/create-payment-intent',
      headers: buyer.headers,
      payload: { packageId: pack.id },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const crypto = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/crypto/credits',
      headers: buyer.headers,
      payload: creditsBody(pack),
    });
    expect(crypto.statusCode, crypto.body).toBe(503);
    expect(crypto.json().message).toBe('Crypto payments are not configured');
  });
});
