import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdCryptoPaymentSchema } from '@lumen/core/payments/crypto';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerInvariant } from '../../../test/credit-helpers.ts';
import { balanceOf, creditsBody, nowpaymentsEventsFor, orderOf, packageNamed, verifiedUser } from '../../../test/crypto-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { crypto: { nowpayments: null, testTimings: { confirmingAfterMs: 2_500, finishedAfterMs: 5_000 } } } });
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('test mode: the built-in crypto provider', () => {
  it('advances waiting → confirming → finished by itself, its signed IPNs credit exactly once', { timeout: 40_000 }, async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const before = await balanceOf(t.database.db, user.id);
    const pack = await packageNamed(t.database.db, '350 Credits');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/crypto/credits',
      headers: user.headers,
      payload: creditsBody(pack, 'ltc'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = createdCryptoPaymentSchema.parse(response.json().data);
    expect(created.payAddress).toMatch(/^tltc1q/);
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/payment/crypto/status/${created.paymentId}`, headers: user.headers })).json().data;

    // The status is asked until it shows CONFIRMING (each ask may store a state before the provider's IPN of it does);
    // then only the database is read, so the payment can be finished only by the provider's own IPN.
    const seen = new Set<string>();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !seen.has('CONFIRMING')) {
      seen.add((await status()).status);
      await sleep(60);
    }
    while (Date.now() < deadline && (await orderOf(t.database.db, created.orderId))?.status !== 'paid') await sleep(60);
    seen.add((await status()).status);
    expect([...seen]).toEqual(['WAITING', 'CONFIRMING', 'FINISHED']);
    expect(await status()).toMatchObject({
      status: 'FINISHED',
      actuallyPaid: 0.6125,
      payCurrency: 'LTC',
      txHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const finishedEvents = async () =>
      (await nowpaymentsEventsFor(t.database.db, created.paymentId)).filter((event) => event.type === 'finished');
    expect((await finishedEvents()).map((event) => [event.outcome, (event.payload as { source?: string }).source])).toEqual([
      ['credited', 'ipn'],
    ]);

    // The provider sending "finished" again (NOWPayments repeats IPNs) grants nothing more.
    const again = t.app.cryptoPayments.sandbox!.ipnFor(created.paymentId);
    await t.app.cryptoPayments.service.handleIpn(again.body, again.signature);
    expect(await finishedEvents()).toHaveLength(1);
    expect(await balanceOf(t.database.db, user.id)).toBe(before + pack.creditsAmount);
    await expectLedgerInvariant(t.database.db, user.id);
    expect(await orderOf(t.database.db, created.orderId)).toMatchObject({ status: 'paid' });
  });
});
