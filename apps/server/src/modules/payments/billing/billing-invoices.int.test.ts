import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoiceListSchema, invoiceSchema } from '@lumen/core/payments/billing';
import { adminAccessToken, buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { bearer, registerUser } from '../../../test/http-helpers.ts';
import { createPaidOrder, pdfText } from '../../../test/billing-helpers.ts';
import { markOrderUnpaid } from '../orders/orders.service.ts';
import { orders } from '../orders/tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let now = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

const request = (method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) });
const get = (url: string, token?: string) => request('GET', url, token);

async function newUser(overrides: { firstName?: string; lastName?: string } = {}) {
  const { user, accessToken } = await registerUser(t.app, overrides);
  return { id: user.id, email: user.email, token: accessToken };
}

describe('GET /payment/invoices', () => {
  it('lists own orders newest first, all but pending by default, filters by status and paginates (10 a page)', async () => {
    const buyer = await newUser();
    const other = await newUser();
    await createPaidOrder(t.database.db, other.id);
    const paid = [];
    for (let index = 0; index < 11; index += 1) paid.push(await createPaidOrder(t.database.db, buyer.id, { amountCents: 1000 + index }));
    const pending = await createPaidOrder(t.database.db, buyer.id, { pay: false });
    const failed = await createPaidOrder(t.database.db, buyer.id, { pay: false });
    await markOrderUnpaid(t.database.db, failed.id, 'failed', 'Your card was declined.');

    const first = await get('/payment/invoices', buyer.token);
    expect(first.statusCode).toBe(200);
    const page1 = invoiceListSchema.parse(first.json().data);
    expect(page1).toMatchObject({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(page1.items).toHaveLength(10);
    expect(page1.items[0]).toMatchObject({ id: failed.id, status: 'failed', number: null, refundable: false });
    expect(page1.items.map((item) => item.id)).not.toContain(pending.id);
    const page2 = invoiceListSchema.parse((await get('/payment/invoices?page=2', buyer.token)).json().data);
    expect(page2.items.map((item) => item.id)).toEqual([paid[1]!.id, paid[0]!.id]);

    const onlyPending = invoiceListSchema.parse((await get('/payment/invoices?status=pending', buyer.token)).json().data);
    expect(onlyPending.items.map((item) => item.id)).toEqual([pending.id]);
    const onlyPaid = invoiceListSchema.parse((await get('/payment/invoices?status=paid&limit=3', buyer.token)).json().data);
    expect(onlyPaid).toMatchObject({ total: 11, limit: 3, totalPages: 4 });
    const newest = onlyPaid.items[0]!;
    expect(newest).toMatchObject({
      id: paid[10]!.id,
      status: 'paid',
      amountCents: 1010,
      amount: 10.1,
      currency: 'usd',
      credits: 100,
      provider: 'stripe',
      paymentMethod: 'Visa •••• 4242',
      testMode: true,
      refundedCents: 0,
      refundable: true,
      refundRequest: null,
    });
    expect(newest.number).toMatch(/^INV-\d{6}$/);

    const bad = await get('/payment/invoices?status=bogus', buyer.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('status');
    expect((await get('/payment/invoices')).statusCode).toBe(401);
  });

  it('gets one invoice; another user’s invoice is a 404, as is an unknown one', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const order = await createPaidOrder(t.database.db, owner.id, { provider: 'nowpayments', amountCents: 4900 });
    const own = await get(`/payment/invoices/${order.id}`, owner.token);
    expect(own.statusCode).toBe(200);
    expect(invoiceSchema.parse(own.json().data)).toMatchObject({ id: order.id, provider: 'nowpayments', paymentMethod: 'BTC 0.00052' });
    for (const url of [`/payment/invoices/${order.id}`, `/payment/invoices/${order.id}/download`]) {
      const response = await get(url, stranger.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Invoice not found');
    }
    const refused = await request('POST', `/payment/invoices/${order.id}/refund-request`, stranger.token, {
      reason: 'I want my money back',
    });
    expect(refused.statusCode).toBe(404);
    expect((await get('/payment/invoices/00000000-0000-4000-8000-000000000000', owner.token)).statusCode).toBe(404);
  });
});

describe('GET /payment/invoices/{id}/download', () => {
  it('links to a real PDF receipt with the number, buyer, seller, amount, method and TEST MODE', async () => {
    const buyer = await newUser({ firstName: 'Grace', lastName: 'Hopper' });
    const order = await createPaidOrder(t.database.db, buyer.id, { amountCents: 3998, credits: 200, quantity: 2, description: 'Pro × 2' });
    const response = await get(`/payment/invoices/${order.id}/download`, buyer.token);
    expect(response.statusCode).toBe(200);
    const { url, expiresAt } = response.json().data as { url: string; expiresAt: string };
    expect(url).toMatch(/^\/api\/v1\/files\//);
    expect(new Date(expiresAt).getTime() - now.getTime()).toBeLessThanOrEqual(300_000);

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`receipt-INV-`);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await pdfText(new Uint8Array(file.rawPayload));
    const number = `INV-${String(order.invoiceNumber).padStart(6, '0')}`;
    expect(pdf.pageCount).toBe(1);
    expect(pdf.title).toBe(`Receipt ${number}`);
    for (const expected of [
      number,
      'Grace Hopper',
      buyer.email,
      'Lumen Studio Test Ltd',
      '1 Test Street',
      'billing@lumen.test',
      'Tax ID: TAX-123',
      'Pro × 2',
      '200',
      'USD 39.98',
      'TEST MODE',
      now.toISOString().slice(0, 10),
    ]) {
      expect(pdf.text).toContain(expected);
    }
    expect(pdf.text).toContain('Visa \x95\x95\x95\x95 4242');

    // A tampered link is refused.
    const tampered = await t.app.inject({ method: 'GET', url: `${url.slice(0, -3)}abc` });
    expect(tampered.statusCode).toBe(403);
  });

  it('a crypto receipt names the coin and amount; a live-mode receipt has no TEST MODE mark', async () => {
    const buyer = await newUser();
    const order = await createPaidOrder(t.database.db, buyer.id, { provider: 'nowpayments', testMode: false });
    const { url } = (await get(`/payment/invoices/${order.id}/download`, buyer.token)).json().data as { url: string };
    const pdf = await pdfText(new Uint8Array((await t.app.inject({ method: 'GET', url })).rawPayload));
    expect(pdf.text).toContain('BTC 0.00052');
    expect(pdf.text).toContain('Crypto (NOWPayments)');
    expect(pdf.text).not.toContain('TEST MODE');
  });

  it('prints the seller an admin saved in platform settings, falling back to SELLER_* for empty fields', async () => {
    const admin = await adminAccessToken(t.app);
    const current = (await get('/admin/settings', admin)).json().data.settings as Record<string, unknown>;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: bearer(admin),
      payload: { ...current, seller: { name: 'Lumen Studio GmbH', address: 'Hauptstrasse 1\n10115 Berlin', email: '', taxId: 'DE999' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const buyer = await newUser();
      const order = await createPaidOrder(t.database.db, buyer.id);
      const { url } = (await get(`/payment/invoices/${order.id}/download`, buyer.token)).json().data as { url: string };
      const pdf = await pdfText(new Uint8Array((await t.app.inject({ method: 'GET', url })).rawPayload));
      for (const expected of ['Lumen Studio GmbH', 'Hauptstrasse 1', '10115 Berlin', 'Tax ID: DE999', 'billing@lumen.test']) {
        expect(pdf.text).toContain(expected);
      }
      expect(pdf.text).not.toContain('Lumen Studio Test Ltd');
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: bearer(admin), payload: current });
    }
  });

  it('409 for an order that took no money (pending, failed)', async () => {
    const buyer = await newUser();
    const pending = await createPaidOrder(t.database.db, buyer.id, { pay: false });
    const failed = await createPaidOrder(t.database.db, buyer.id, { pay: false });
    await markOrderUnpaid(t.database.db, failed.id, 'failed', 'declined');
    for (const order of [pending, failed]) {
      const response = await get(`/payment/invoices/${order.id}/download`, buyer.token);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('A receipt is available once the payment has been received');
    }
  });
});

describe('POST /payment/invoices/{id}/refund-request', () => {
  it('accepts one request within 30 days; a second while pending, a short reason or a late one are refused', async () => {
    const buyer = await newUser();
    const order = await createPaidOrder(t.database.db, buyer.id);
    const url = `/payment/invoices/${order.id}/refund-request`;

    const short = await request('POST', url, buyer.token, { reason: 'too short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details).toEqual([{ field: 'reason', message: 'reason must be at least 10 characters' }]);

    const sent = await request('POST', url, buyer.token, { reason: 'The image generator did not work for me' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({ status: 'pending', reason: 'The image generator did not work for me', decisionNote: null });

    const invoice = invoiceSchema.parse((await get(`/payment/invoices/${order.id}`, buyer.token)).json().data);
    expect(invoice.refundable).toBe(false);
    expect(invoice.refundRequest).toMatchObject({ id: sent.json().data.id, status: 'pending' });

    const again = await request('POST', url, buyer.token, { reason: 'Asking again, please refund' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A refund request for this order is already pending');

    const pending = await createPaidOrder(t.database.db, buyer.id, { pay: false });
    const notPaid = await request('POST', `/payment/invoices/${pending.id}/refund-request`, buyer.token, {
      reason: 'Never paid but want it',
    });
    expect(notPaid.statusCode).toBe(409);
  });

  it('the 30-day window counts from paidAt', async () => {
    const buyer = await newUser();
    const inside = await createPaidOrder(t.database.db, buyer.id);
    const outside = await createPaidOrder(t.database.db, buyer.id);
    const paidAt = new Date(now.getTime() - 29 * DAY_MS);
    await t.database.db.update(orders).set({ paidAt }).where(eq(orders.id, inside.id));
    await t.database.db
      .update(orders)
      .set({ paidAt: new Date(now.getTime() - 31 * DAY_MS) })
      .where(eq(orders.id, outside.id));

    const late = await request('POST', `/payment/invoices/${outside.id}/refund-request`, buyer.token, {
      reason: 'Please refund my purchase',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Refunds can be requested within 30 days of purchase');
    expect(invoiceSchema.parse((await get(`/payment/invoices/${outside.id}`, buyer.token)).json().data).refundable).toBe(false);

    expect(invoiceSchema.parse((await get(`/payment/invoices/${inside.id}`, buyer.token)).json().data).refundable).toBe(true);
    const saved = now;
    now = new Date(paidAt.getTime() + 30 * DAY_MS + 60_000);
    try {
      const expired = await request('POST', `/payment/invoices/${inside.id}/refund-request`, buyer.token, {
        reason: 'Please refund my purchase',
      });
      expect(expired.statusCode).toBe(409);
      expect(expired.json().message).toBe('Refunds can be requested within 30 days of purchase');
    } finally {
      now = saved;
    }
    const inTime = await request('POST', `/payment/invoices/${inside.id}/refund-request`, buyer.token, {
      reason: 'Please refund my purchase',
    });
    expect(inTime.statusCode).toBe(201);
  });
});
