import { describe, expect, it } from 'vitest';
import { createSandboxCryptoProvider } from './sandbox-crypto-provider.ts';

const input = {
  priceAmount: 35,
  priceCurrency: 'usd',
  payCurrency: 'ltc',
  orderId: 'order-1',
  orderDescription: '350 Credits',
  ipnCallbackUrl: 'http://127.0.0.1/webhooks/nowpayments',
};

describe('the test crypto provider’s own IPNs', () => {
  it('tell the state each was scheduled for, even when the clock reads behind the timer that sends it', async () => {
    // Node's timers can fire a millisecond before Date.now() reaches their time; a clock that does not move at all is
    // the far end of that, and the IPN of "finished" must still say "finished".
    const frozen = 1_800_000_000_000;
    const provider = createSandboxCryptoProvider({ now: () => frozen, timings: { confirmingAfterMs: 5, finishedAfterMs: 10 } });
    const delivered: { status: unknown; valid: boolean }[] = [];
    const both = new Promise<void>((resolve) =>
      provider.connect(async (body, signature) => {
        delivered.push({ status: body.payment_status, valid: provider.verifyIpn(body, signature).ok });
        if (delivered.length === 2) resolve();
      }),
    );
    const created = await provider.createPayment(input);
    expect(created.status).toBe('waiting');
    await both;
    provider.close();
    expect(delivered).toEqual([
      { status: 'confirming', valid: true },
      { status: 'finished', valid: true },
    ]);
    // Asked directly, the provider still answers by its own clock.
    expect((await provider.getPaymentStatus(created.paymentId)).status).toBe('waiting');
  });

  it('sends a forced outcome at once, as it stands then', async () => {
    const provider = createSandboxCryptoProvider({ timings: { confirmingAfterMs: 60_000, finishedAfterMs: 120_000 } });
    const delivered: unknown[] = [];
    provider.connect(async (body) => {
      delivered.push(body.payment_status);
    });
    const created = await provider.createPayment(input);
    await provider.force(created.paymentId, { status: 'partially_paid', actuallyPaid: 0.1 });
    provider.close();
    expect(delivered).toEqual(['partially_paid']);
  });
});
