import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaymentListSchema } from '@lumen/core/payments/billing';
import { adminAccessToken, buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerInvariant } from '../../../test/credit-helpers.ts';
import { bearer } from '../../../test/http-helpers.ts';
import { seededPackage, verifiedBuyer } from '../../../test/card-helpers.ts';
import { creditPackages } from '../../credits/tables.ts';
import { users } from '../../users/tables.ts';
import { findOrderById } from '../orders/orders.repository.ts';
import { ABANDONED_CHECKOUT_REASON, PRICE_CHANGED_REASON, expireAbandonedCardOrders } from '../orders/orders.service.ts';
import { orders } from '../orders/tables.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAccessToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const MINUTE = 60_000;
type Intent = { clientSecret: string; amount: number; currency: string; orderId: string };

async function openDialog(headers: Record<string, string>, packageId: string): Promise<Intent> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/credits/purchase/stripe/create-payment-intent',
    headers,
    payload: { packageId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Intent;
}

const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

async function pay(headers: Record<string, string>, clientSecret: string, cardNumber = '4242 4242 4242 4242') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/test-mode/card/confirm',
    headers,
    payload: { clientSecret, cardNumber, expiry: '12/34', cvc: '123' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { status: string };
}

async function emailOf(userId: string): Promise<string> {
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return encodeURIComponent(row!.email);
}

async function adminList(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/admin/payments?${query}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return adminPaymentListSchema.parse(response.json().data);
}

describe('one open order per purchase attempt (card dialog)', () => {
  it('reopening the dialog for the same package gives the same order and payment; another package gets its own', async () => {
    const buyer = await verifiedBuyer(t.app, db());
    const pro = await seededPackage(db(), 1);
    const first = await openDialog(buyer.headers, pro.id);
    const again = await openDialog(buyer.headers, pro.id);
    expect(again).toEqual(first);
    const other = await seededPackage(db(), 0);
    const otherIntent = await openDialog(buyer.headers, other.id);
    expect(otherIntent.orderId).not.toBe(first.orderId);
    const rows = await ordersOf(buyer.id);
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it('50 openings at once make one order and one payment', async () => {
    const buyer = await verifiedBuyer(t.app, db());
    const pack = await seededPackage(db());
    const intents = await Promise.all(Array.from({ length: 50 }, () => openDialog(buyer.headers, pack.id)));
    expect(new Set(intents.map((intent) => intent.orderId)).size).toBe(1);
    expect(new Set(intents.map((intent) => intent.clientSecret)).size).toBe(1);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('a declined card ends that attempt: the retry in the same dialog pays it, a reopened dialog starts a new one', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const pack = await seededPackage(db());
    const opened = await openDialog(buyer.headers, pack.id);
    expect((await pay(buyer.headers, opened.clientSecret, '4000 0000 0000 0002')).status).toBe('requires_payment_method');
    expect(await findOrderById(db(), opened.orderId)).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    // Another card in the same dialog pays the same order, once.
    expect((await pay(buyer.headers, opened.clientSecret)).status).toBe('succeeded');
    expect(await findOrderById(db(), opened.orderId)).toMatchObject({ status: 'paid' });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount);
    // A paid order is over: the next opening is a new purchase.
    const next = await openDialog(buyer.headers, pack.id);
    expect(next.orderId).not.toBe(opened.orderId);

    const declined = await openDialog(buyer.headers, pack.id);
    expect(declined.orderId).toBe(next.orderId);
    await pay(buyer.headers, declined.clientSecret, '4000 0000 0000 0002');
    const reopened = await openDialog(buyer.headers, pack.id);
    expect(reopened.orderId).not.toBe(declined.orderId);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount);
  });

  it('an abandoned order expires 30 minutes after the last opening, leaves the default admin list and counts nowhere', async () => {
    const buyer = await verifiedBuyer(t.app, db());
    const pack = await seededPackage(db(), 2);
    const email = await emailOf(buyer.id);
    const opened = await openDialog(buyer.headers, pack.id);
    const order = await findOrderById(db(), opened.orderId);
    expect(order?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 29 * MINUTE);
    expect(order?.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 30 * MINUTE);

    const listed = await adminList(`search=${email}`);
    expect(listed.items.map((item) => [item.id, item.status])).toEqual([[opened.orderId, 'pending']]);

    await expireAbandonedCardOrders(db(), new Date(Date.now() + 31 * MINUTE));
    expect(await findOrderById(db(), opened.orderId)).toMatchObject({ status: 'expired', failureReason: ABANDONED_CHECKOUT_REASON });

    const after = await adminList(`search=${email}`);
    expect(after.items).toEqual([]);
    expect(after.totals.live).toMatchObject({ paidCents: 0, count: 0 });
    expect(after.totals.test).toMatchObject({ paidCents: 0, count: 0 });
    const expired = await adminList(`search=${email}&status=expired`);
    expect(expired.items.map((item) => item.id)).toEqual([opened.orderId]);
    expect(expired.totals.test.count).toBe(0);

    // The next opening is a new attempt with a new order.
    const reopened = await openDialog(buyer.headers, pack.id);
    expect(reopened.orderId).not.toBe(opened.orderId);
  });

  it('an open order whose package price changed is closed and a new one made at the new price', async () => {
    const buyer = await verifiedBuyer(t.app, db());
    const pack = await seededPackage(db(), 3);
    const opened = await openDialog(buyer.headers, pack.id);
    try {
      await db()
        .update(creditPackages)
        .set({ priceCents: pack.priceCents + 100 })
        .where(eq(creditPackages.id, pack.id));
      const reopened = await openDialog(buyer.headers, pack.id);
      expect(reopened.orderId).not.toBe(opened.orderId);
      expect(reopened.amount).toBe(pack.priceCents + 100);
      expect(await findOrderById(db(), opened.orderId)).toMatchObject({ status: 'expired', failureReason: PRICE_CHANGED_REASON });
      const open = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.userId, buyer.id), eq(orders.status, 'pending')));
      expect(open.map((row) => row.id)).toEqual([reopened.orderId]);
    } finally {
      await db().update(creditPackages).set({ priceCents: pack.priceCents }).where(eq(creditPackages.id, pack.id));
    }
  });
});
