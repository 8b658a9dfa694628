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

    const seen = new Set<string>();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const current = await status();
      seen.add(current.status);
      if (current.status === 'FINISHED') break;
      await sleep(60);
    }
    expect([...seen]).toEqual(['WAITING', 'CONFIRMING', 'FINISHED']);
    expect(await status()).toMatchObject({
      status: 'FINISHED',
      actuallyPaid: 0.6125,
      payCurrency: 'LTC',
      txHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The IPN timers and the status checks may both have seen "finished": one stored event, one grant.
    await sleep(400);
    expect(await balanceOf(t.database.db, user.id)).toBe(before + pack.creditsAmount);
    await expectLedgerInvariant(t.database.db, user.id);
    expect(await orderOf(t.database.db, created.orderId)).toMatchObject({ status: 'paid' });
    const events = await nowpaymentsEventsFor(t.database.db, created.paymentId);
    expect(events.filter((event) => event.type === 'finished').map((event) => event.outcome)).toEqual(['credited']);
    // An IPN from the provider's own timer went through the webhook handler too.
    expect(events.some((event) => (event.payload as { source?: string }).source === 'ipn')).toBe(true);
  });
});
