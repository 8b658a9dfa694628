import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoTopUpSettingsSchema } from '@lumen/core/payments/auto-top-up';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { postStripeWebhook, seededPackage, signedStripeEvent, verifiedBuyer } from '../../../test/card-helpers.ts';
import { expectLedgerInvariant, setBalance } from '../../../test/credit-helpers.ts';
import { salesPilotJob, submitJob, until } from '../../../test/job-helpers.ts';
import { mailsTo } from '../../../test/mail-helpers.ts';
import { startLocalStripeServer } from '../../../test/local-stripe-server.ts';
import type { LocalStripeServer } from '../../../test/local-stripe-server.ts';
import { listLedgerEntries } from '../../credits/credits.repository.ts';
import { users } from '../../users/tables.ts';
import { findOrderById } from '../orders/orders.repository.ts';

/** Automatic top-up with Stripe: off-session PaymentIntents against a local server speaking Stripe's protocol. */
const WEBHOOK_SECRET = 'whsec_local_auto_top_up';

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

/** A buyer whose card `paymentMethod` was saved by a paid purchase (the signed payment_intent.succeeded webhook). */
async function buyerWithSavedCard(paymentMethod: string, balance: number) {
  const buyer = await verifiedBuyer(t.app, db(), 0);
  const pack = await seededPackage(db());
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/credits/purchase/stripe/create-payment-intent',
    headers: buyer.headers,
    payload: { packageId: pack.id },
  });
  const { orderId } = created.json().data as { orderId: string };
  const order = await findOrderById(db(), orderId);
  const paid = signedStripeEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', {
    id: order!.providerPaymentId,
    object: 'payment_intent',
    amount: pack.priceCents,
    amount_received: pack.priceCents,
    currency: 'usd',
    payment_method: paymentMethod,
    metadata: { orderId },
  });
  expect((await postStripeWebhook(t.app, paid.payload, paid.signature)).statusCode).toBe(200);
  await setBalance(db(), buyer.id, balance);
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, buyer.id));
  const enabled = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/payment/auto-top-up',
    headers: buyer.headers,
    payload: { enabled: true, threshold: 5, packageId: pack.id, monthlyLimit: 3, lowBalanceEmail: true },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { ...buyer, email: user!.email, pack };
}

async function settledTopUp(buyer: { headers: Record<string, string> }) {
  let settings = autoTopUpSettingsSchema.parse({ ...emptySettings });
  await until(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/payment/auto-top-up', headers: buyer.headers });
    settings = autoTopUpSettingsSchema.parse(response.json().data);
    return settings.history.length === 1 && settings.history[0]!.status !== 'pending';
  }, 'a finished top-up');
  await t.app.backgroundTasks.drain();
  return settings;
}

const emptySettings = {
  enabled: false,
  threshold: 5,
  packageId: null,
  monthlyLimit: 3,
  usedThisMonth: 0,
  lowBalanceEmail: true,
  disabledReason: null,
  card: null,
  history: [],
};

const offSessionCalls = () =>
  stripe.requests.filter((request) => request.path === '/v1/payment_intents' && request.body.off_session === 'true');

describe('automatic top-up through Stripe', () => {
  it('charges the saved card off-session with the top-up’s idempotency key; the answer and the later webhook grant once', async () => {
    const buyer = await buyerWithSavedCard('pm_card_visa', 6);
    const before = offSessionCalls().length;
    const responses = await Promise.all(Array.from({ length: 2 }, () => submitJob(t.app, buyer.token, salesPilotJob)));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    const settings = await settledTopUp(buyer);
    expect(settings.history[0]).toMatchObject({ status: 'succeeded', credits: buyer.pack.creditsAmount });

    const calls = offSessionCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      idempotencyKey: `auto-top-up:${settings.history[0]!.id}`,
      body: {
        amount: String(buyer.pack.priceCents),
        currency: 'usd',
        payment_method: 'pm_card_visa',
        off_session: 'true',
        confirm: 'true',
        metadata: { orderId: settings.history[0]!.orderId },
      },
    });
    expect(calls[0]!.body.customer).toMatch(/^cus_local_/);
    const order = await findOrderById(db(), settings.history[0]!.orderId!);
    expect(order).toMatchObject({ status: 'paid', providerPaymentId: expect.stringMatching(/^pi_local_/) });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(4 + buyer.pack.creditsAmount);

    // Stripe's own report of the same payment changes nothing.
    const succeeded = signedStripeEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', {
      id: order!.providerPaymentId,
      object: 'payment_intent',
      amount: buyer.pack.priceCents,
      amount_received: buyer.pack.priceCents,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      metadata: { orderId: order!.id },
    });
    expect((await postStripeWebhook(t.app, succeeded.payload, succeeded.signature)).statusCode).toBe(200);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(4 + buyer.pack.creditsAmount);
    const grants = (await listLedgerEntries(db(), buyer.id)).filter((entry) => entry.idempotencyKey === `order:${order!.id}`);
    expect(grants).toHaveLength(1);
    expect((await mailsTo(t.app, buyer.email)).filter((mail) => mail.template === 'auto_top_up')).toHaveLength(1);
  });

  it('a card that needs the customer (authentication_required) stops automatic top-up, shows why and e-mails', async () => {
    const buyer = await buyerWithSavedCard('pm_card_authenticationRequired', 6);
    const responses = await Promise.all(Array.from({ length: 2 }, () => submitJob(t.app, buyer.token, salesPilotJob)));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    const settings = await settledTopUp(buyer);
    expect(settings).toMatchObject({ enabled: false, disabledReason: 'Your card was declined. This transaction requires authentication.' });
    expect(settings.history[0]).toMatchObject({ status: 'failed', failureCode: 'authentication_required' });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(4);
    const order = await findOrderById(db(), settings.history[0]!.orderId!);
    expect(order).toMatchObject({ status: 'failed' });
    const failedMails = (await mailsTo(t.app, buyer.email)).filter((mail) => mail.template === 'auto_top_up_failed');
    expect(failedMails).toHaveLength(1);
    expect(failedMails[0]!.text).toContain('This transaction requires authentication.');
  });
});
