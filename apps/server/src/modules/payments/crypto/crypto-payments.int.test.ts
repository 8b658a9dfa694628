import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdCryptoPaymentSchema, cryptoPaymentStatusSchema } from '@lumen/core/payments/crypto';
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
import { bearer, registerUser } from '../../../test/http-helpers.ts';
import { insertPackage } from '../../credits/catalogue.repository.ts';
import { listPlans } from '../plans/plans.repository.ts';
import { signIpnBody } from './nowpayments-signature.ts';
import type { SandboxCryptoProvider } from '../sandbox/sandbox-crypto-provider.ts';
import { paymentEvents } from '../orders/tables.ts';
import { subscriptions } from '../subscriptions/tables.ts';

let t: TestApp;
let offsetMs = 0;
let provider: SandboxCryptoProvider;
beforeAll(async () => {
  // Long timings: here statuses move only when a test forces them.
  t = await buildTestApp({
    clock: () => new Date(Date.now() + offsetMs),
    config: { crypto: { nowpayments: null, testTimings: { confirmingAfterMs: 3_600_000, finishedAfterMs: 7_200_000 } } },
  });
  provider = t.app.cryptoPayments.sandbox!;
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as Record<string, unknown> | undefined });
const webhook = (body: unknown, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/nowpayments',
    headers: signature === undefined ? {} : { 'x-nowpayments-sig': signature },
    payload: body as Record<string, unknown>,
  });

async function buy(user: { headers: Record<string, string> }, packageName = '350 Credits', payCurrency = 'btc') {
  const response = await api(
    'POST',
    '/payment/crypto/credits',
    user.headers,
    creditsBody(await packageNamed(db(), packageName), payCurrency),
  );
  expect(response.statusCode, response.body).toBe(201);
  return createdCryptoPaymentSchema.parse(response.json().data);
}

describe('crypto catalogue routes (test mode)', () => {
  it('lists upper-case tickers and estimates at the stated test rates; both need a signed-in user', async () => {
    const user = await verifiedUser(t.app, db());
    const list = await api('GET', '/payment/crypto/currencies', user.headers);
    expect(list.statusCode).toBe(200);
    const currencies: string[] = list.json().data.currencies;
    expect(currencies).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDTTRC20', 'DOGE']));
    expect(currencies.every((ticker) => ticker === ticker.toUpperCase())).toBe(true);
    // The test provider names none: the dialog uses its own names and says it is the test list (GET /payment/config).
    expect(list.json().data.details).toEqual([]);

    const estimate = await api('GET', '/payment/crypto/estimate?amount=49&fromCurrency=usd&toCurrency=BTC', user.headers);
    expect(estimate.json()).toEqual({
      success: true,
      data: { amountFrom: 49, currencyFrom: 'USD', estimatedAmount: 0.00081667, currencyTo: 'BTC', testMode: true },
    });
    const unknown = await api('GET', '/payment/crypto/estimate?amount=49&fromCurrency=usd&toCurrency=NOPE', user.headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Currency NOPE is not supported by the test provider');
    // Names of Object.prototype's members are not currencies either (found by the OpenAPI fuzzer: 500).
    for (const name of ['constructor', 'toString', '__proto__']) {
      const inherited = await api('GET', `/payment/crypto/estimate?amount=1&fromCurrency=${name}&toCurrency=btc`, user.headers);
      expect(inherited.statusCode, inherited.body).toBe(400);
    }
    const bad = await api('GET', '/payment/crypto/estimate?amount=-1&fromCurrency=usd&toCurrency=btc', user.headers);
    expect(bad.statusCode).toBe(400);

    expect((await api('GET', '/payment/crypto/currencies')).statusCode).toBe(401);
    expect((await api('GET', '/payment/crypto/estimate?amount=1&fromCurrency=usd&toCurrency=btc')).statusCode).toBe(401);
  });
});

describe('POST /payment/crypto/credits', () => {
  it('creates the payment from the server’s package: address, amount, a real QR PNG, expiry, order', async () => {
    const user = await verifiedUser(t.app, db());
    const pack = await packageNamed(db(), '350 Credits');
    const created = await buy(user);
    expect(created).toMatchObject({ payCurrency: 'BTC', priceAmount: 49, priceCurrency: 'USD', payAmount: 0.00081667, testMode: true });
    expect(created.payAddress).toMatch(/^tb1q[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38}$/);
    expect(created.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(created.qrCodeUrl.split(',')[1]!, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(new Date(created.expiresAt).getTime()).toBeGreaterThan(Date.now() + 60_000);

    const order = await orderOf(db(), created.orderId);
    expect(order).toMatchObject({
      userId: user.id,
      status: 'pending',
      amountCents: pack.priceCents,
      credits: pack.creditsAmount,
      provider: 'nowpayments',
      testMode: true,
      providerPaymentId: created.paymentId,
    });
    expect(await cryptoPaymentOf(db(), created.paymentId)).toMatchObject({
      status: 'waiting',
      payAddress: created.payAddress,
      payAmount: '0.00081667',
    });

    const eth = await buy(user, '350 Credits', 'ETH');
    expect(eth.payAddress).toMatch(/^0x[0-9a-f]{40}$/);
    const trc = await buy(user, '350 Credits', 'usdttrc20');
    expect(trc).toMatchObject({ payCurrency: 'USDTTRC20', payAmount: 49 });
    expect(trc.payAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });

  it('refuses on the server: $19.20 or less, a subscription payment type, a wrong amount, unverified e-mail, unknown coin', async () => {
    const user = await verifiedUser(t.app, db());
    const plus = await packageNamed(db(), 'Plus');
    const atThreshold = await insertPackage(db(), { name: 'Edge', priceCents: 1920, creditsAmount: 130, isActive: true });
    const justAbove = await insertPackage(db(), { name: 'Edge+', priceCents: 1921, creditsAmount: 131, isActive: true });
    const big = await packageNamed(db(), '350 Credits');
    const cases: Array<[unknown, number, string]> = [
      [creditsBody(plus), 400, 'Crypto payments are available for amounts above $19.20'],
      [creditsBody(atThreshold), 400, 'Crypto payments are available for amounts above $19.20'],
      // A client claiming a bigger amount does not move a cheap package over the threshold.
      [{ ...creditsBody(plus), amount: 49 }, 400, 'Crypto payments are available for amounts above $19.20'],
      [
        { ...creditsBody(big), paymentType: 'SUBSCRIPTION' },
        400,
        'paymentType must be CREDIT_PURCHASE: this route takes crypto payments for credit packages only',
      ],
      [{ ...creditsBody(big), amount: 1 }, 400, 'Amount does not match the package price'],
      [{ ...creditsBody(big), amount: 48.99 }, 400, 'Amount does not match the package price'],
      [{ ...creditsBody(big), currency: 'eur' }, 400, 'Currency must be USD'],
      [{ ...creditsBody(big), payCurrency: 'zzz' }, 400, 'This cryptocurrency is not available'],
      [{ ...creditsBody(big), creditPackageId: '00000000-0000-4000-8000-000000000000' }, 404, 'Credit package not found'],
    ];
    for (const [body, status, message] of cases) {
      const response = await api('POST', '/payment/crypto/credits', user.headers, body);
      expect([response.statusCode, response.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    const invalid = await api('POST', '/payment/crypto/credits', user.headers, { ...creditsBody(big), creditPackageId: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details).toEqual([{ field: 'creditPackageId', message: 'creditPackageId must be a UUID' }]);
    expect((await api('POST', '/payment/crypto/credits', user.headers, creditsBody(justAbove))).statusCode).toBe(201);

    const unverified = await registerUser(t.app);
    const refused = await api('POST', '/payment/crypto/credits', bearer(unverified.accessToken), creditsBody(big));
    expect(refused.statusCode).toBe(403);
    expect((await api('POST', '/payment/crypto/credits', {}, creditsBody(big))).statusCode).toBe(401);
  });
});

describe('POST /webhooks/nowpayments', () => {
  it('one finished IPN delivered 20 times at once credits once', async () => {
    const user = await verifiedUser(t.app, db());
    const before = await balanceOf(db(), user.id);
    const created = await buy(user);
    const finished = { ...provider.ipnFor(created.paymentId).body, payment_status: 'finished', actually_paid: created.payAmount };
    const signature = signIpnBody(finished, provider.ipnSecret);
    const responses = await Promise.all(Array.from({ length: 20 }, () => webhook(finished, signature)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(responses[0]!.json()).toEqual({ success: true, data: { received: true } });
    expect(await balanceOf(db(), user.id)).toBe(before + 350);
    await expectLedgerInvariant(db(), user.id);
    const events = await nowpaymentsEventsFor(db(), created.paymentId);
    expect(events.map((event) => [event.eventId, event.outcome])).toEqual([
      [`${created.paymentId}:finished:${created.payAmount}`, 'credited'],
    ]);
    expect(await orderOf(db(), created.orderId)).toMatchObject({ status: 'paid', paymentMethodLabel: 'Crypto (BTC)' });
    expect((await orderOf(db(), created.orderId))?.invoiceNumber).not.toBeNull();

    const status = await api('GET', `/payment/crypto/status/${created.paymentId}`, user.headers);
    expect(cryptoPaymentStatusSchema.parse(status.json().data)).toMatchObject({
      status: 'FINISHED',
      actuallyPaid: created.payAmount,
      payCurrency: 'BTC',
    });
    expect(await balanceOf(db(), user.id)).toBe(before + 350);
  });

  it('a bad or missing signature is a 400 and changes nothing', async () => {
    const user = await verifiedUser(t.app, db());
    const before = await balanceOf(db(), user.id);
    const created = await buy(user);
    const finished = { ...provider.ipnFor(created.paymentId).body, payment_status: 'finished', actually_paid: created.payAmount };
    const eventsBefore = (await db().select().from(paymentEvents)).length;
    for (const signature of [
      undefined,
      '',
      'abc',
      signIpnBody(finished, 'not the secret'),
      signIpnBody({ ...finished, actually_paid: 1 }, provider.ipnSecret),
    ]) {
      const response = await webhook(finished, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'Invalid signature' });
    }
    expect((await db().select().from(paymentEvents)).length).toBe(eventsBefore);
    expect(await orderOf(db(), created.orderId)).toMatchObject({ status: 'pending' });
    expect(await cryptoPaymentOf(db(), created.paymentId)).toMatchObject({ status: 'waiting', actuallyPaid: '0' });
    expect(await balanceOf(db(), user.id)).toBe(before);
  });

  it('an IPN for an unknown payment is stored and answered 200, without credits', async () => {
    const body = {
      payment_id: 987654321,
      payment_status: 'finished',
      actually_paid: 1,
      pay_currency: 'btc',
      order_id: '00000000-0000-4000-8000-000000000000',
    };
    const responses = await Promise.all([
      webhook(body, signIpnBody(body, provider.ipnSecret)),
      webhook(body, signIpnBody(body, provider.ipnSecret)),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const stored = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, '987654321:finished:1:unmatched'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'nowpayments', type: 'finished', orderId: null, outcome: 'ignored: unknown payment' });
  });
});

describe('IPNs this server cannot use', () => {
  it('a signed IPN with an unknown status is stored and acknowledged; without payment_id it is a 400', async () => {
    const user = await verifiedUser(t.app, db());
    const created = await buy(user);
    const body = { ...provider.ipnFor(created.paymentId).body, payment_status: 'wrong_asset_confirmed' };
    const response = await webhook(body, signIpnBody(body, provider.ipnSecret));
    expect(response.statusCode).toBe(200);
    const [event] = await nowpaymentsEventsFor(db(), created.paymentId);
    expect(event).toMatchObject({ type: 'wrong_asset_confirmed', outcome: 'ignored: unknown status wrong_asset_confirmed' });
    expect(await orderOf(db(), created.orderId)).toMatchObject({ status: 'pending' });

    const noId = { payment_status: 'finished', actually_paid: 1 };
    const refused = await webhook(noId, signIpnBody(noId, provider.ipnSecret));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The notification has no payment_id');
  });
});

describe('statuses that never credit', () => {
  it('partially paid is recorded on the order and shown; the rest arriving later credits once', async () => {
    const user = await verifiedUser(t.app, db());
    const before = await balanceOf(db(), user.id);
    const created = await buy(user);
    await provider.force(created.paymentId, { status: 'partially_paid', actuallyPaid: 0.0004 });
    expect(await orderOf(db(), created.orderId)).toMatchObject({
      status: 'partially_paid',
      failureReason: 'Partially paid: 0.0004 of 0.00081667 BTC received',
    });
    const shown = await api('GET', `/payment/crypto/status/${created.paymentId}`, user.headers);
    expect(shown.json().data).toEqual({ status: 'PARTIALLY_PAID', actuallyPaid: 0.0004, payCurrency: 'BTC', txHash: expect.any(String) });
    expect(await balanceOf(db(), user.id)).toBe(before);

    await provider.force(created.paymentId, { status: 'finished' });
    await provider.force(created.paymentId, { status: 'finished' });
    expect(await balanceOf(db(), user.id)).toBe(before + 350);
    expect(await orderOf(db(), created.orderId)).toMatchObject({ status: 'paid', failureReason: null });
  });

  it('expired and failed are recorded; a deposit after expiry is a late deposit, never credited', async () => {
    const user = await verifiedUser(t.app, db());
    const before = await balanceOf(db(), user.id);
    const expiring = await buy(user);
    await provider.force(expiring.paymentId, { status: 'expired' });
    expect(await orderOf(db(), expiring.orderId)).toMatchObject({
      status: 'expired',
      failureReason: 'The payment expired before the full amount arrived',
    });
    expect((await api('GET', `/payment/crypto/status/${expiring.paymentId}`, user.headers)).json().data.status).toBe('EXPIRED');

    await provider.force(expiring.paymentId, { status: 'finished' });
    const late = await cryptoPaymentOf(db(), expiring.paymentId);
    expect(late?.lateDepositAt).toBeInstanceOf(Date);
    expect(late?.actuallyPaid).toBe('0.00081667');
    expect(await orderOf(db(), expiring.orderId)).toMatchObject({ status: 'expired' });
    expect((await nowpaymentsEventsFor(db(), expiring.paymentId)).map((event) => event.outcome)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^late deposit: 0.00081667 BTC \(finished\) after the order was expired; not credited$/),
      ]),
    );
    expect((await api('GET', `/payment/crypto/status/${expiring.paymentId}`, user.headers)).json().data.status).toBe('EXPIRED');

    const failing = await buy(user);
    await provider.force(failing.paymentId, { status: 'failed' });
    expect(await orderOf(db(), failing.orderId)).toMatchObject({ status: 'failed', failureReason: 'The crypto payment failed' });
    expect((await api('GET', `/payment/crypto/status/${failing.paymentId}`, user.headers)).json().data.status).toBe('FAILED');
    expect(await balanceOf(db(), user.id)).toBe(before);
    await expectLedgerInvariant(db(), user.id);
  });

  it('more money on a payment already credited is a late deposit, not a second grant', async () => {
    const user = await verifiedUser(t.app, db());
    const before = await balanceOf(db(), user.id);
    const created = await buy(user);
    await provider.force(created.paymentId, { status: 'finished' });
    expect(await balanceOf(db(), user.id)).toBe(before + 350);
    expect((await cryptoPaymentOf(db(), created.paymentId))?.lateDepositAt).toBeNull();
    await provider.force(created.paymentId, { status: 'finished', actuallyPaid: 0.0016 });
    expect(await balanceOf(db(), user.id)).toBe(before + 350);
    expect(await cryptoPaymentOf(db(), created.paymentId)).toMatchObject({ actuallyPaid: '0.0016', lateDepositAt: expect.any(Date) });
  });
});

describe('GET /payment/crypto/status/{paymentId}', () => {
  it('is the owner’s only: another user’s payment and an unknown id are 404', async () => {
    const owner = await verifiedUser(t.app, db());
    const other = await verifiedUser(t.app, db());
    const created = await buy(owner);
    const mine = await api('GET', `/payment/crypto/status/${created.paymentId}`, owner.headers);
    expect(mine.json()).toEqual({ success: true, data: { status: 'WAITING', actuallyPaid: 0, payCurrency: 'BTC', txHash: null } });
    for (const [id, headers] of [
      [created.paymentId, other.headers],
      ['test-unknown', owner.headers],
    ] as const) {
      const response = await api('GET', `/payment/crypto/status/${id}`, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: 'Payment not found' });
    }
    expect((await api('GET', `/payment/crypto/status/${created.paymentId}`)).statusCode).toBe(401);
  });
});

describe('reconciliation', () => {
  it('expires payments past their time through the same path, once; a deposit after that is late', async () => {
    const user = await verifiedUser(t.app, db());
    const created = await buy(user);
    const other = await buy(user);
    expect(await t.app.cryptoPayments.service.reconcileOnce()).toBeGreaterThanOrEqual(2);
    expect(await orderOf(db(), created.orderId)).toMatchObject({ status: 'pending' });

    // Inside the grace period after expiresAt nothing expires yet.
    offsetMs = 32 * 60_000;
    await t.app.cryptoPayments.service.reconcileOnce(500);
    expect(await orderOf(db(), created.orderId)).toMatchObject({ status: 'pending' });
    offsetMs = 36 * 60_000;
    try {
      await t.app.cryptoPayments.service.reconcileOnce(500);
      await t.app.cryptoPayments.service.reconcileOnce(500);
    } finally {
      offsetMs = 0;
    }
    for (const payment of [created, other]) {
      expect(await orderOf(db(), payment.orderId)).toMatchObject({ status: 'expired' });
      expect(await cryptoPaymentOf(db(), payment.paymentId)).toMatchObject({ status: 'expired' });
      // The first check saw it waiting; the expiry is stored once however often reconciliation runs.
      const events = (await nowpaymentsEventsFor(db(), payment.paymentId)).map((event) => [event.eventId, event.outcome]);
      expect(events.sort()).toEqual([
        [`${payment.paymentId}:expired:0`, 'expired: not credited'],
        [`${payment.paymentId}:waiting:0`, 'recorded: waiting'],
      ]);
    }
    const before = await balanceOf(db(), user.id);
    await provider.force(created.paymentId, { status: 'confirming' });
    expect((await cryptoPaymentOf(db(), created.paymentId))?.lateDepositAt).toBeInstanceOf(Date);
    expect(await balanceOf(db(), user.id)).toBe(before);
  });
});

describe('POST /payment/crypto/subscription', () => {
  it('pays one period of a plan: credits once and the subscription runs for one interval', async () => {
    const user = await verifiedUser(t.app, db());
    const [creator] = await listPlans(db());
    const before = await balanceOf(db(), user.id);
    const response = await api('POST', '/payment/crypto/subscription', user.headers, { planId: creator!.id, payCurrency: 'USDTTRC20' });
    expect(response.statusCode, response.body).toBe(201);
    const created = createdCryptoPaymentSchema.parse(response.json().data);
    expect(created).toMatchObject({ priceAmount: 15, payAmount: 15, payCurrency: 'USDTTRC20' });
    expect(await orderOf(db(), created.orderId)).toMatchObject({
      kind: 'subscription',
      amountCents: 1500,
      credits: 100,
      status: 'pending',
    });

    await provider.force(created.paymentId, { status: 'finished' });
    await provider.force(created.paymentId, { status: 'finished' });
    expect(await balanceOf(db(), user.id)).toBe(before + 100);
    const [subscription] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subscription).toMatchObject({ status: 'active', provider: 'nowpayments', planId: creator!.id, testMode: true });
    const days = (subscription!.currentPeriodEnd!.getTime() - subscription!.currentPeriodStart!.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const [, studio] = await listPlans(db());
    const other = await api('POST', '/payment/crypto/subscription', user.headers, { planId: studio!.id, payCurrency: 'btc' });
    expect(other.statusCode).toBe(409);
    const unknown = await api('POST', '/payment/crypto/subscription', user.headers, {
      planId: '00000000-0000-4000-8000-000000000000',
      payCurrency: 'btc',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the crypto routes and the IPN webhook from their schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/v1/payment/crypto/currencies', 'get'],
      ['/api/v1/payment/crypto/estimate', 'get'],
      ['/api/v1/payment/crypto/credits', 'post'],
      ['/api/v1/payment/crypto/subscription', 'post'],
      ['/api/v1/payment/crypto/status/{paymentId}', 'get'],
      ['/api/v1/webhooks/nowpayments', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method], path).toBeDefined();
    }
    const credits = document.paths['/api/v1/payment/crypto/credits'].post;
    expect(credits.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['paymentType', 'creditPackageId', 'amount', 'currency', 'payCurrency']),
    );
    expect(credits.responses).toHaveProperty(['201']);
  });
});
