import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerInvariant } from '../../../test/credit-helpers.ts';
import { bearer } from '../../../test/http-helpers.ts';
import { createPaidOrder } from '../../../test/billing-helpers.ts';
import { createCardOrderExpiry } from './card-order-expiry.ts';
import { seededPackage, verifiedBuyer } from '../../../test/card-helpers.ts';
import { findOrderById } from '../orders/orders.repository.ts';
import { ABANDONED_CHECKOUT_REASON, expireAbandonedCardOrders } from '../orders/orders.service.ts';
import { orders } from '../orders/tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const HOUR = 60 * 60_000;

async function madeHoursAgo(orderId: string, hours: number) {
  await db()
    .update(orders)
    .set({ createdAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(orders.id, orderId));
}

describe('abandoned card orders expire (a hosted checkout after 24 h, the card dialog 30 minutes after its last opening)', () => {
  it('expires only card orders still pending after a day; paid, failed, younger and crypto orders are left alone', async () => {
    const buyer = await verifiedBuyer(t.app, db());
    const abandoned = await createPaidOrder(db(), buyer.id, { pay: false });
    const young = await createPaidOrder(db(), buyer.id, { pay: false });
    const paid = await createPaidOrder(db(), buyer.id);
    const crypto = await createPaidOrder(db(), buyer.id, { pay: false, provider: 'nowpayments' });
    const failed = await createPaidOrder(db(), buyer.id, { pay: false });
    await db().update(orders).set({ status: 'failed', failureReason: 'Your card was declined.' }).where(eq(orders.id, failed.id));
    for (const order of [abandoned, paid, crypto, failed]) await madeHoursAgo(order.id, 25);
    await madeHoursAgo(young.id, 23);
    const balance = await expectLedgerInvariant(db(), buyer.id);

    expect(await expireAbandonedCardOrders(db(), new Date())).toBeGreaterThanOrEqual(1);
    expect(await findOrderById(db(), abandoned.id)).toMatchObject({ status: 'expired', failureReason: ABANDONED_CHECKOUT_REASON });
    expect(await findOrderById(db(), young.id)).toMatchObject({ status: 'pending', failureReason: null });
    expect(await findOrderById(db(), paid.id)).toMatchObject({
      status: 'paid',
      failureReason: null,
      paidAt: paid.paidAt,
      invoiceNumber: paid.invoiceNumber,
    });
    expect(await findOrderById(db(), crypto.id)).toMatchObject({ status: 'pending' });
    expect(await findOrderById(db(), failed.id)).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(balance);

    // The user sees why on the order.
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/payment/orders/${abandoned.id}`, headers: bearer(buyer.token) });
    expect(shown.json().data).toMatchObject({ status: 'expired', failureReason: 'Checkout was not completed' });
    // A second pass finds nothing more.
    await madeHoursAgo(young.id, 23.5);
    expect(await expireAbandonedCardOrders(db(), new Date())).toBe(0);
  });

  it('runs on its interval (the periodic task of the worker) and stops cleanly', async () => {
    const buyer = await verifiedBuyer(t.app, db());
    const order = await createPaidOrder(db(), buyer.id, { pay: false });
    // The clock is a day ahead: the order just made counts as abandoned.
    const expiry = createCardOrderExpiry({
      db: db(),
      clock: () => new Date(Date.now() + 24 * HOUR + 60_000),
      log: t.app.log,
      intervalMs: 20,
    });
    expiry.start();
    try {
      const deadline = Date.now() + 5_000;
      while ((await findOrderById(db(), order.id))?.status === 'pending' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await expiry.stop();
    }
    expect(await findOrderById(db(), order.id)).toMatchObject({ status: 'expired', failureReason: ABANDONED_CHECKOUT_REASON });
  });

  it('a card payment that still goes through after its order expired is credited: the money was taken', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db());
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/credits/purchase/stripe/create-payment-intent',
      headers: buyer.headers,
      payload: { packageId: pack.id },
    });
    const { clientSecret, orderId } = intent.json().data as { clientSecret: string; orderId: string };
    // The dialog's order stays open 30 minutes; a minute later it is expired.
    await expireAbandonedCardOrders(db(), new Date(Date.now() + 29 * 60_000));
    expect((await findOrderById(db(), orderId))?.status).toBe('pending');
    await expireAbandonedCardOrders(db(), new Date(Date.now() + 31 * 60_000));
    expect((await findOrderById(db(), orderId))?.status).toBe('expired');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/test-mode/card/confirm',
      headers: buyer.headers,
      payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(confirmed.json().data.status).toBe('succeeded');
    expect(await findOrderById(db(), orderId)).toMatchObject({ status: 'paid', failureReason: null });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount);
    // And a paid order is never expired afterwards.
    await expireAbandonedCardOrders(db(), new Date());
    expect((await findOrderById(db(), orderId))?.status).toBe('paid');
  });
});
