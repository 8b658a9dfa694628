import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../../test/http-helpers.ts';
import { listLedgerEntries } from '../../credits/credits.repository.ts';
import { postStripeWebhook, seededPackage, signedStripeEvent, verifiedBuyer } from '../../../test/card-helpers.ts';
import { findOrderById } from '../orders/orders.repository.ts';
import { paymentEvents, refunds } from '../orders/tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const secret = () => t.app.cardPayments.sandbox!.webhookSecret;
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

async function createIntent(headers: Record<string, string>, packageId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/credits/purchase/stripe/create-payment-intent',
    headers,
    payload: { packageId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { clientSecret: string; amount: number; currency: string; orderId: string };
}

function confirm(headers: Record<string, string>, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/payment/test-mode/card/confirm', headers, payload: body });
}

describe('GET /payment/config', () => {
  it('says cards run in test mode without Stripe keys', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/payment/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      available: { card: true, crypto: true },
      testMode: { card: true, crypto: true },
      stripePublishableKey: null,
      cryptoMinimumAmount: 19.2,
    });
  });
});

describe('card purchase by PaymentIntent (test mode)', () => {
  it('needs a signed-in user with a verified e-mail', async () => {
    const pack = await seededPackage(db());
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/credits/purchase/stripe/create-payment-intent',
      payload: { packageId: pack.id },
    });
    expect(anonymous.statusCode).toBe(401);
    const { accessToken } = await registerUser(t.app);
    const unverified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/credits/purchase/stripe/create-payment-intent',
      headers: bearer(accessToken),
      payload: { packageId: pack.id },
    });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toBe('Please verify your email address first');
  });

  it('uses the server’s price: a client-sent amount is refused, the intent carries the package price', async () => {
    const buyer = await verifiedBuyer(t.app, db());
    const pack = await seededPackage(db(), 1);
    const withAmount = await t.app.inject({
      method: 'POST',
      url: '/api/v1/credits/purchase/stripe/create-payment-intent',
      headers: buyer.headers,
      payload: { packageId: pack.id, amount: 1 },
    });
    expect(withAmount.statusCode).toBe(400);
    const intent = await createIntent(buyer.headers, pack.id);
    expect(intent).toMatchObject({ amount: pack.priceCents, currency: 'usd' });
    expect(intent.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    const order = await findOrderById(db(), intent.orderId);
    expect(order).toMatchObject({ amountCents: pack.priceCents, credits: pack.creditsAmount, status: 'pending', testMode: true });
  });

  it('4242 succeeds: credits once, order paid with an invoice number, card saved without its number', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db());
    const intent = await createIntent(buyer.headers, pack.id);
    const paid = await confirm(buyer.headers, { clientSecret: intent.clientSecret, ...card });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toEqual({ status: 'succeeded' });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount);

    const again = await confirm(buyer.headers, { clientSecret: intent.clientSecret, ...card });
    expect(again.statusCode).toBe(409);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount);

    const order = await t.app.inject({ method: 'GET', url: `/api/v1/payment/orders/${intent.orderId}`, headers: buyer.headers });
    expect(order.json().data).toMatchObject({ status: 'paid', credits: pack.creditsAmount, amountCents: pack.priceCents, testMode: true });
    expect(order.json().data.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect((await findOrderById(db(), intent.orderId))?.paymentMethodLabel).toBe('Visa •••• 4242');

    const methods = await t.app.inject({ method: 'GET', url: '/api/v1/payment/methods', headers: buyer.headers });
    expect(methods.json().data).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, isDefault: true }),
    ]);
    expect(methods.body).not.toContain('4242424242424242');

    const usage = await t.app.inject({ method: 'GET', url: '/api/v1/payment/usage', headers: buyer.headers });
    expect(usage.json().data.hasPurchased).toBe(true);
  });

  it('a declined card changes no balance and records the reason', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 5);
    const pack = await seededPackage(db());
    const intent = await createIntent(buyer.headers, pack.id);
    const declined = await confirm(buyer.headers, { clientSecret: intent.clientSecret, ...card, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toEqual({ status: 'requires_payment_method', message: 'Your card was declined.' });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(5);
    expect(await findOrderById(db(), intent.orderId)).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
  });

  it('4000 0025 0000 3155 requires action: approve credits, reject fails without credits', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db());
    const approved = await createIntent(buyer.headers, pack.id);
    const step = await confirm(buyer.headers, { clientSecret: approved.clientSecret, ...card, cardNumber: '4000002500003155' });
    expect(step.json().data.status).toBe('requires_action');
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/test-mode/card/authenticate',
      headers: buyer.headers,
      payload: { clientSecret: approved.clientSecret, approve: true },
    });
    expect(ok.json().data).toEqual({ status: 'succeeded' });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount);

    const rejected = await createIntent(buyer.headers, pack.id);
    await confirm(buyer.headers, { clientSecret: rejected.clientSecret, ...card, cardNumber: '4000002500003155' });
    const no = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/test-mode/card/authenticate',
      headers: buyer.headers,
      payload: { clientSecret: rejected.clientSecret, approve: false },
    });
    expect(no.json().data.status).toBe('requires_payment_method');
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount);
    expect((await findOrderById(db(), rejected.orderId))?.status).toBe('failed');
  });

  it('takes the expiry as MMYY, MM/YY or MM / YYYY and the cardholder name, like Stripe', async () => {
    const buyer = await verifiedBuyer(t.app, db());
    const pack = await seededPackage(db());
    for (const expiry of ['1234', '12 / 2034']) {
      const intent = await createIntent(buyer.headers, pack.id);
      const response = await confirm(buyer.headers, { clientSecret: intent.clientSecret, ...card, expiry, name: 'Ada Lovelace' });
      expect(response.statusCode, expiry).toBe(200);
      expect(response.json().data.status).toBe('succeeded');
    }
  });

  it('bad card input is a clear 400', async () => {
    const buyer = await verifiedBuyer(t.app, db());
    const pack = await seededPackage(db());
    const intent = await createIntent(buyer.headers, pack.id);
    const cases: [Record<string, string>, string][] = [
      [{ cardNumber: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
      [{ expiry: '01/20' }, "Your card's expiration date is in the past."],
      [{ expiry: '13/40' }, "Your card's expiration date is invalid. Use MM/YY."],
      [{ cvc: '12' }, "Your card's security code is invalid."],
      [{ cvc: '1234' }, "Your card's security code is invalid."],
      [{ expiry: '12/3' }, "Your card's expiration date is incomplete."],
      [{ name: '   ' }, 'name: Enter the name on the card.'],
      [{ cardNumber: '4111 1111 1111 1111' }, 'Your card number is not a Stripe test card. In test mode use 4242 4242 4242 4242.'],
    ];
    for (const [change, message] of cases) {
      const response = await confirm(buyer.headers, { clientSecret: intent.clientSecret, ...card, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await findOrderById(db(), intent.orderId))?.status).toBe('pending');
  });

  it('another user can neither read the order nor pay its intent (404)', async () => {
    const owner = await verifiedBuyer(t.app, db());
    const other = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db());
    const intent = await createIntent(owner.headers, pack.id);
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/payment/orders/${intent.orderId}`, headers: other.headers });
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('Order not found');
    const pay = await confirm(other.headers, { clientSecret: intent.clientSecret, ...card });
    expect(pay.statusCode).toBe(404);
    expect((await findOrderById(db(), intent.orderId))?.status).toBe('pending');
  });
});

describe('POST /webhooks/stripe', () => {
  it('a bad or missing signature is a 400 and changes nothing', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db());
    const intent = await createIntent(buyer.headers, pack.id);
    const order = await findOrderById(db(), intent.orderId);
    const object = {
      id: order!.providerPaymentId,
      object: 'payment_intent',
      amount: pack.priceCents,
      amount_received: pack.priceCents,
      currency: 'usd',
      metadata: { orderId: intent.orderId },
    };
    const forged = signedStripeEvent('whsec_not_the_secret', 'payment_intent.succeeded', object);
    const bad = await postStripeWebhook(t.app, forged.payload, forged.signature);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid signature');
    const missing = await postStripeWebhook(t.app, forged.payload);
    expect(missing.statusCode).toBe(400);
    const good = signedStripeEvent(secret(), 'payment_intent.succeeded', object);
    const tampered = await postStripeWebhook(t.app, good.payload.replace(String(pack.priceCents), '1'), good.signature);
    expect(tampered.statusCode).toBe(400);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, forged.id))).toHaveLength(0);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);
    expect((await findOrderById(db(), intent.orderId))?.status).toBe('pending');
  });

  it('one event delivered 20 times at once credits once', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db());
    const intent = await createIntent(buyer.headers, pack.id);
    const order = await findOrderById(db(), intent.orderId);
    const event = signedStripeEvent(secret(), 'payment_intent.succeeded', {
      id: order!.providerPaymentId,
      object: 'payment_intent',
      amount: pack.priceCents,
      amount_received: pack.priceCents,
      currency: 'usd',
      metadata: { orderId: intent.orderId },
    });
    const responses = await Promise.all(Array.from({ length: 20 }, () => postStripeWebhook(t.app, event.payload, event.signature)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount);
    expect((await listLedgerEntries(db(), buyer.id)).filter((entry) => entry.kind === 'purchase')).toHaveLength(1);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(1);
  });

  it('an event for an unknown order is stored and answered 200 without credits', async () => {
    const event = signedStripeEvent(secret(), 'payment_intent.succeeded', {
      id: 'pi_unknown_1',
      object: 'payment_intent',
      amount: 500,
      amount_received: 500,
      currency: 'usd',
      metadata: { orderId: '00000000-0000-4000-8000-000000000000' },
    });
    const response = await postStripeWebhook(t.app, event.payload, event.signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { received: true } });
    const [stored] = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    expect(stored).toMatchObject({ outcome: 'ignored: unknown order', orderId: null, type: 'payment_intent.succeeded' });
  });

  it('an amount that differs from the order is stored but never credited', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db());
    const intent = await createIntent(buyer.headers, pack.id);
    const order = await findOrderById(db(), intent.orderId);
    const event = signedStripeEvent(secret(), 'payment_intent.succeeded', {
      id: order!.providerPaymentId,
      object: 'payment_intent',
      amount: 1,
      amount_received: 1,
      currency: 'usd',
      metadata: { orderId: intent.orderId },
    });
    expect((await postStripeWebhook(t.app, event.payload, event.signature)).statusCode).toBe(200);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);
  });
});

describe('refunds and disputes', () => {
  async function paidIntent(balance = 0) {
    const buyer = await verifiedBuyer(t.app, db(), balance);
    const pack = await seededPackage(db());
    const intent = await createIntent(buyer.headers, pack.id);
    await confirm(buyer.headers, { clientSecret: intent.clientSecret, ...card });
    return { buyer, pack, intent, order: (await findOrderById(db(), intent.orderId))! };
  }

  it('refundCardPayment reverses unspent credits once, records who did it, and the refund event changes nothing more', async () => {
    const { buyer, pack, order } = await paidIntent(0);
    const admin = await registerUser(t.app);
    const half = Math.floor(pack.priceCents / 2);
    const result = await t.app.cardPayments.refundCardPayment(order.id, half, `refund-test:${order.id}:1`, {
      reason: 'asked nicely',
      actorUserId: admin.user.id,
    });
    expect(result.providerRefundId).toMatch(/^re_test_/);
    expect(result.creditsReversed).toBe(Math.floor((pack.creditsAmount * half) / pack.priceCents));
    expect(await findOrderById(db(), order.id)).toMatchObject({ status: 'partially_refunded', refundedCents: half });
    const [recorded] = await db().select().from(refunds).where(eq(refunds.id, result.refundId!));
    expect(recorded).toMatchObject({
      actorUserId: admin.user.id,
      reason: 'asked nicely',
      amountCents: half,
      method: 'stripe',
      reference: result.providerRefundId,
    });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount - result.creditsReversed);
    const rest = await t.app.cardPayments.refundCardPayment(order.id, pack.priceCents - half, `refund-test:${order.id}:2`, {
      reason: 'rest',
    });
    expect(result.creditsReversed + rest.creditsReversed).toBe(pack.creditsAmount);
    expect(await findOrderById(db(), order.id)).toMatchObject({ status: 'refunded', refundedCents: pack.priceCents });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);
    await expect(t.app.cardPayments.refundCardPayment(order.id, 1, `refund-test:${order.id}:3`)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('a charge.refunded after the credits were spent never drives the balance below zero', async () => {
    const { buyer, pack, order } = await paidIntent(0);
    await setBalance(db(), buyer.id, 2);
    const event = signedStripeEvent(secret(), 'charge.refunded', {
      id: 'ch_spent',
      object: 'charge',
      amount: pack.priceCents,
      amount_refunded: pack.priceCents,
      payment_intent: order.providerPaymentId,
      refunds: { data: [{ id: `re_dash_${order.id}` }] },
    });
    expect((await postStripeWebhook(t.app, event.payload, event.signature)).statusCode).toBe(200);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);
    expect(await findOrderById(db(), order.id)).toMatchObject({ status: 'refunded', creditsReversed: 2 });
  });

  it('charge.dispute.created claws back, marks the order disputed and flags the account', async () => {
    const { buyer, pack, order } = await paidIntent(0);
    const event = signedStripeEvent(secret(), 'charge.dispute.created', {
      id: `dp_${order.id}`,
      object: 'dispute',
      amount: pack.priceCents,
      reason: 'fraudulent',
      payment_intent: order.providerPaymentId,
    });
    expect((await postStripeWebhook(t.app, event.payload, event.signature)).statusCode).toBe(200);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);
    expect((await findOrderById(db(), order.id))?.status).toBe('disputed');
    const { accountFlags } = await import('../orders/tables.ts');
    expect(await db().select().from(accountFlags).where(eq(accountFlags.userId, buyer.id))).toHaveLength(1);
  });
});

describe('test-mode checkout page', () => {
  it('POST /payment/checkout/credit-pack → the page says test mode, takes 4242 and returns to the success URL', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db());
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/checkout/credit-pack',
      headers: buyer.headers,
      payload: { packId: pack.id, quantity: 2 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { url, orderId, sessionId } = created.json().data;
    expect(sessionId).toMatch(/^cs_test_/);
    const path = new URL(url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Test mode — no real payment');
    expect(page.body).not.toContain('<script');

    const declined = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4000+0000+0000+0002&expiry=12%2F34&cvc=123',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);

    const paid = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242+4242+4242+4242&expiry=12%2F34&cvc=123',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://localhost:3000/dashboard/billing?payment=success');
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount * 2);
    expect(await findOrderById(db(), orderId)).toMatchObject({
      status: 'paid',
      quantity: 2,
      amountCents: pack.priceCents * 2,
      paymentMethodLabel: 'Visa •••• 4242',
    });
    expect((await findOrderById(db(), orderId))?.providerPaymentId).toMatch(/^pi_test_/);
  });

  it('the 3155 card asks for confirmation on the page before paying', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db());
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/checkout/credit-pack',
      headers: buyer.headers,
      payload: { packId: pack.id },
    });
    const path = new URL(created.json().data.url).pathname;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const step = await t.app.inject({
      method: 'POST',
      url: path,
      headers: form,
      payload: 'cardNumber=4000002500003155&expiry=12%2F34&cvc=123',
    });
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('Complete authentication');
    const done = await t.app.inject({ method: 'POST', url: `${path}/authenticate`, headers: form, payload: 'approve=true' });
    expect(done.statusCode).toBe(303);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount);
  });

  it('create-checkout-session refuses return URLs on another site', async () => {
    const buyer = await verifiedBuyer(t.app, db());
    const pack = await seededPackage(db());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/credits/purchase/stripe/create-checkout-session',
      headers: buyer.headers,
      payload: { packageId: pack.id, successUrl: 'https://evil.example/ok', cancelUrl: 'http://localhost:3000/pricing' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Return URLs must be on http://localhost:3000');
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/credits/purchase/stripe/create-checkout-session',
      headers: buyer.headers,
      payload: {
        packageId: pack.id,
        successUrl: 'http://localhost:3000/dashboard/billing?payment=success',
        cancelUrl: 'http://localhost:3000/pricing?payment=cancelled',
      },
    });
    expect(fine.statusCode).toBe(200);
    expect(fine.json().data.url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/payment\/test-mode\/checkout\/cs_test_/);
  });
});

describe('the webhook and the global rate limit', () => {
  it('Stripe’s deliveries are not limited per IP (other API routes are)', async () => {
    const limited = await buildTestApp({ config: { globalRateLimit: { max: 2, timeWindowMs: 60_000 } } });
    try {
      const event = signedStripeEvent(limited.app.cardPayments.sandbox!.webhookSecret, 'payment_intent.succeeded', {
        id: 'pi_unknown_rate',
        object: 'payment_intent',
        amount: 500,
        currency: 'usd',
        metadata: {},
      });
      const deliveries = [];
      for (let index = 0; index < 5; index += 1)
        deliveries.push((await postStripeWebhook(limited.app, event.payload, event.signature)).statusCode);
      expect(deliveries).toEqual([200, 200, 200, 200, 200]);
      const config = [];
      for (let index = 0; index < 3; index += 1)
        config.push((await limited.app.inject({ method: 'GET', url: '/api/v1/payment/config' })).statusCode);
      expect(config).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
