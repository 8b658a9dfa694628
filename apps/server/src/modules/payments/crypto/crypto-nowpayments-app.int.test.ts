import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdCryptoPaymentSchema } from '@lumen/core/payments/crypto';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerInvariant } from '../../../test/credit-helpers.ts';
import {
  balanceOf,
  creditsBody,
  cryptoPaymentOf,
  nowpaymentsEventsFor,
  orderOf,
  packageNamed,
  verifiedUser,
} from '../../../test/crypto-helpers.ts';
import { startLocalNowPayments } from '../../../test/local-nowpayments-server.ts';
import type { LocalNowPayments } from '../../../test/local-nowpayments-server.ts';
import { startLocalCatalogue } from '../../../test/local-nowpayments-catalogue.ts';
import type { LocalCatalogueServer } from '../../../test/local-nowpayments-catalogue.ts';
import { signIpnBody } from './nowpayments-signature.ts';
import { orders } from '../orders/tables.ts';

let local: LocalNowPayments;
let catalogue: LocalCatalogueServer;
let t: TestApp;
beforeAll(async () => {
  local = await startLocalNowPayments();
  // The merchant account accepts four of the five coins the local server has (not DOGE).
  catalogue = await startLocalCatalogue(local, {
    selectedCurrencies: ['BTC', 'ETH', 'USDTTRC20', 'LTC'],
    fullCurrencies: [
      { code: 'btc', name: 'Bitcoin', network: 'btc', logo_url: '/images/coins/btc.svg', enable: true },
      { code: 'usdttrc20', name: 'Tether USD (Tron)', network: 'trx', logo_url: '/images/coins/usdttrc20.svg', enable: true },
      { code: 'doge', name: 'Dogecoin', network: 'doge', logo_url: '/images/coins/doge.svg', enable: true },
    ],
  });
  t = await buildTestApp({
    config: {
      publicUrl: 'https://lumen.example',
      crypto: { nowpayments: { apiKey: local.apiKey, ipnSecret: local.ipnSecret, apiUrl: catalogue.apiUrl } },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await catalogue?.close();
  await local?.close();
});

const db = () => t.database.db;
const webhook = (body: unknown, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/nowpayments',
    headers: signature === undefined ? {} : { 'x-nowpayments-sig': signature },
    payload: body as Record<string, unknown>,
  });

async function buy(user: { headers: Record<string, string> }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/crypto/credits',
    headers: user.headers,
    payload: creditsBody(await packageNamed(db(), '350 Credits'), 'BTC'),
  });
  expect(response.statusCode, response.body).toBe(201);
  return createdCryptoPaymentSchema.parse(response.json().data);
}

describe('crypto payments with NOWPayments (a local server speaking its protocol)', () => {
  it('creates the payment at NOWPayments with the order and the IPN callback; not test mode', async () => {
    const user = await verifiedUser(t.app, db());
    const created = await buy(user);
    const call = local.requests.filter((request) => request.method === 'POST').at(-1);
    expect(call?.body).toEqual({
      price_amount: 49,
      price_currency: 'usd',
      pay_currency: 'btc',
      order_id: created.orderId,
      order_description: '350 Credits',
      ipn_callback_url: 'https://lumen.example/api/v1/webhooks/nowpayments',
    });
    expect(created).toMatchObject({ testMode: false, payCurrency: 'BTC', payAmount: 0.00098, priceAmount: 49 });
    expect(created.paymentId).toBe(String(local.payments.get(created.paymentId)?.payment_id));
    expect(created.expiresAt).toBe(local.payments.get(created.paymentId)?.expiration_estimate_date);
    expect(await orderOf(db(), created.orderId)).toMatchObject({ testMode: false, status: 'pending' });

    const currencies = await t.app.inject({ method: 'GET', url: '/api/v1/payment/crypto/currencies', headers: user.headers });
    expect(currencies.json().data).toEqual({
      currencies: ['BTC', 'ETH', 'USDTTRC20', 'LTC'],
      details: [
        { ticker: 'BTC', name: 'Bitcoin', network: 'btc' },
        { ticker: 'USDTTRC20', name: 'Tether USD (Tron)', network: 'trx' },
      ],
    });
  });

  it("refuses a coin NOWPayments has but the merchant's account does not accept, before any order", async () => {
    const user = await verifiedUser(t.app, db());
    const postsBefore = local.requests.filter((request) => request.method === 'POST').length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/crypto/credits',
      headers: user.headers,
      payload: creditsBody(await packageNamed(db(), '350 Credits'), 'doge'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'This cryptocurrency is not available' });
    expect(local.requests.filter((request) => request.method === 'POST')).toHaveLength(postsBefore);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it('the finished IPN, delivered 20 times at once, credits once; signed with another secret it is a 400', async () => {
    const user = await verifiedUser(t.app, db());
    const before = await balanceOf(db(), user.id);
    const created = await buy(user);
    local.setStatus(created.paymentId, 'finished');
    const { body, signature } = local.ipn(created.paymentId);

    const forged = await webhook(body, signIpnBody(body, 'someone else'));
    expect(forged.statusCode).toBe(400);
    expect(await balanceOf(db(), user.id)).toBe(before);

    const responses = await Promise.all(Array.from({ length: 20 }, () => webhook(body, signature)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await balanceOf(db(), user.id)).toBe(before + 350);
    await expectLedgerInvariant(db(), user.id);
    expect((await nowpaymentsEventsFor(db(), created.paymentId)).map((event) => event.outcome)).toEqual(['credited']);
    expect(await cryptoPaymentOf(db(), created.paymentId)).toMatchObject({
      status: 'finished',
      actuallyPaid: '0.00098',
      txHash: `local-tx-${created.paymentId}`,
    });
  });

  it('the status route asks NOWPayments while unsettled and records what it learns like an IPN', async () => {
    const user = await verifiedUser(t.app, db());
    const before = await balanceOf(db(), user.id);
    const created = await buy(user);
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/payment/crypto/status/${created.paymentId}`, headers: user.headers })).json().data;

    local.setStatus(created.paymentId, 'partially_paid', 0.0005);
    expect(await status()).toEqual({
      status: 'PARTIALLY_PAID',
      actuallyPaid: 0.0005,
      payCurrency: 'BTC',
      txHash: `local-tx-${created.paymentId}`,
    });
    expect(await orderOf(db(), created.orderId)).toMatchObject({ status: 'partially_paid' });

    // NOWPayments down: the user still gets the last known status.
    local.failNext(3, 503);
    expect(await status()).toMatchObject({ status: 'PARTIALLY_PAID' });

    local.setStatus(created.paymentId, 'finished');
    expect(await status()).toMatchObject({ status: 'FINISHED', actuallyPaid: 0.00098 });
    expect(await balanceOf(db(), user.id)).toBe(before + 350);
    // The IPN of the same state arriving afterwards is the same event: nothing more.
    const { body, signature } = local.ipn(created.paymentId);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await balanceOf(db(), user.id)).toBe(before + 350);
    const requestsBefore = local.requests.length;
    expect(await status()).toMatchObject({ status: 'FINISHED' });
    expect(local.requests.length).toBe(requestsBefore);
  });

  it('reconciliation finds a finished payment whose IPN never came', async () => {
    const user = await verifiedUser(t.app, db());
    const before = await balanceOf(db(), user.id);
    const created = await buy(user);
    local.setStatus(created.paymentId, 'finished');
    await t.app.cryptoPayments.service.reconcileOnce(500);
    expect(await balanceOf(db(), user.id)).toBe(before + 350);
    expect(await orderOf(db(), created.orderId)).toMatchObject({ status: 'paid' });
  });

  it('a NOWPayments outage while creating is a 503 with a clear message, and the order is marked failed', async () => {
    const user = await verifiedUser(t.app, db());
    // The currency list is fetched (and kept a few minutes) before the outage starts.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payment/crypto/currencies', headers: user.headers })).statusCode).toBe(200);
    local.failNext(3, 503);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/crypto/credits',
      headers: user.headers,
      payload: creditsBody(await packageNamed(db(), '350 Credits'), 'eth'),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'Crypto payments are unavailable right now. Please try again later.',
    });
    const [order] = await db().select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({ status: 'failed', failureReason: 'The crypto payment could not be started', providerPaymentId: null });
  });
});
