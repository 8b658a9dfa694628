import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  adminPaymentDetailSchema,
  adminPaymentListSchema,
  adminRefundRequestListSchema,
  invoiceSchema,
  refundHistorySchema,
  refundRequestDecisionSchema,
  refundResultSchema,
} from '@lumen/core/payments/billing';
import { adminAccessToken, buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../../test/http-helpers.ts';
import { latestMail } from '../../../test/mail-helpers.ts';
import { auditLog } from '../../audit/tables.ts';
import { findCreditAccount } from '../../credits/credits.repository.ts';
import { createPaidOrder } from '../../../test/billing-helpers.ts';
import { orders } from './tables.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAccessToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) });

async function newUser(overrides: { firstName?: string; lastName?: string; email?: string } = {}) {
  const { user, accessToken } = await registerUser(t.app, overrides);
  return { id: user.id, email: user.email, token: accessToken };
}

const balanceOf = async (userId: string) => (await findCreditAccount(t.database.db, userId))?.balance ?? 0;

async function auditRows(action: string, targetId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.createdAt));
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('admin payments routes are for admins only', () => {
  it('a guest gets 401 and a signed-in user 403 on every route', async () => {
    const user = await newUser();
    const routes: Array<['GET' | 'POST', string, Record<string, unknown>?]> = [
      ['GET', '/admin/payments'],
      ['GET', `/admin/payments/${UNKNOWN}`],
      ['POST', `/admin/payments/${UNKNOWN}/refund`, { amountCents: 100, reason: 'test refund' }],
      ['GET', '/admin/refunds'],
      ['GET', '/admin/refunds/history'],
      ['POST', `/admin/refund-requests/${UNKNOWN}/approve`, {}],
      ['POST', `/admin/refund-requests/${UNKNOWN}/reject`, { note: 'no' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} as guest`).toBe(401);
      expect((await call(method, url, user.token, body)).statusCode, `${method} ${url} as user`).toBe(403);
    }
  });
});

describe('GET /admin/payments', () => {
  it('filters by status, provider, dates and user, paginates, and totals the money over the filter', async () => {
    const marker = `zq${Date.now().toString(36)}`;
    const alice = await newUser({ firstName: 'Alice', lastName: `Payer${marker}`, email: `alice-${marker}@example.com` });
    const bob = await newUser({ firstName: 'Bob', lastName: `Payer${marker}`, email: `bob-${marker}@example.com` });
    const card = await createPaidOrder(t.database.db, alice.id, { amountCents: 1000, testMode: false });
    const crypto = await createPaidOrder(t.database.db, alice.id, { amountCents: 5000, provider: 'nowpayments' });
    const bobs = await createPaidOrder(t.database.db, bob.id, { amountCents: 2000 });
    await createPaidOrder(t.database.db, bob.id, { amountCents: 9900, pay: false });
    const abandoned = await createPaidOrder(t.database.db, bob.id, { amountCents: 4900, pay: false });
    await t.database.db
      .update(orders)
      .set({ status: 'expired', failureReason: 'Checkout was not completed' })
      .where(eq(orders.id, abandoned.id));

    const refunded = await call('POST', `/admin/payments/${crypto.id}/refund`, admin, {
      amountCents: 1500,
      reason: 'Partial goodwill refund',
      payoutReference: `tx-${marker}`,
    });
    expect(refunded.statusCode).toBe(201);

    const byName = await call('GET', `/admin/payments?search=${marker}`, admin);
    expect(byName.statusCode).toBe(200);
    const all = adminPaymentListSchema.parse(byName.json().data);
    expect(all.total).toBe(4);
    // Pending orders count in the list but took no money; the expired one is not listed by default.
    // Live and test-mode money are summed apart.
    expect(all.totals).toEqual({
      live: { paidCents: 1000, refundedCents: 0, netCents: 1000, count: 1 },
      test: { paidCents: 7000, refundedCents: 1500, netCents: 5500, count: 2 },
    });
    expect(all.items.map((item) => item.id)).not.toContain(abandoned.id);
    const expiredOnly = adminPaymentListSchema.parse(
      (await call('GET', `/admin/payments?search=${marker}&status=expired`, admin)).json().data,
    );
    expect(expiredOnly.items.map((item) => item.id)).toEqual([abandoned.id]);
    expect(expiredOnly.totals.live.count + expiredOnly.totals.test.count).toBe(0);
    expect(all.items.map((item) => item.user.email)).toContain(`bob-${marker}@example.com`);

    const alices = adminPaymentListSchema.parse((await call('GET', `/admin/payments?search=alice-${marker}`, admin)).json().data);
    expect(alices.items.map((item) => item.id).sort()).toEqual([card.id, crypto.id].sort());
    const fullName = adminPaymentListSchema.parse((await call('GET', `/admin/payments?search=Bob%20Payer${marker}`, admin)).json().data);
    expect(fullName.total).toBe(2);

    const cryptoOnly = adminPaymentListSchema.parse(
      (await call('GET', `/admin/payments?search=${marker}&provider=nowpayments`, admin)).json().data,
    );
    expect(cryptoOnly.items).toHaveLength(1);
    expect(cryptoOnly.items[0]).toMatchObject({
      id: crypto.id,
      status: 'partially_refunded',
      refundedCents: 1500,
      user: { id: alice.id, name: `Alice Payer${marker}` },
      crypto: { payCurrency: 'BTC', payAmount: '0.00052', status: 'finished' },
    });
    expect(cryptoOnly.totals.test).toEqual({ paidCents: 5000, refundedCents: 1500, netCents: 3500, count: 1 });
    expect(cryptoOnly.totals.live.count).toBe(0);

    const pendingOnly = adminPaymentListSchema.parse(
      (await call('GET', `/admin/payments?search=${marker}&status=pending`, admin)).json().data,
    );
    expect(pendingOnly.items.map((item) => item.amountCents)).toEqual([9900]);
    expect(pendingOnly.totals).toEqual({
      live: { paidCents: 0, refundedCents: 0, netCents: 0, count: 0 },
      test: { paidCents: 0, refundedCents: 0, netCents: 0, count: 0 },
    });

    const paged = adminPaymentListSchema.parse((await call('GET', `/admin/payments?search=${marker}&limit=3&page=2`, admin)).json().data);
    expect(paged).toMatchObject({ page: 2, limit: 3, total: 4, totalPages: 2 });
    expect(paged.items.map((item) => item.id)).toEqual([card.id]);

    const today = new Date().toISOString().slice(0, 10);
    const inRange = adminPaymentListSchema.parse(
      (await call('GET', `/admin/payments?search=${marker}&from=${today}&to=${today}`, admin)).json().data,
    );
    expect(inRange.total).toBe(4);
    const future = adminPaymentListSchema.parse((await call('GET', `/admin/payments?search=${marker}&from=2999-01-01`, admin)).json().data);
    expect(future.total).toBe(0);
    const past = adminPaymentListSchema.parse((await call('GET', `/admin/payments?search=${marker}&to=2000-01-01`, admin)).json().data);
    expect(past.total).toBe(0);

    const bad = await call('GET', '/admin/payments?from=yesterday&provider=paypal', admin);
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.map((issue: { field: string }) => issue.field)
        .sort(),
    ).toEqual(['from', 'provider']);
    expect(bobs.status).toBe('paid');
  });

  it('GET /admin/payments/{id}: order, user, refunds, requests, crypto payment and account flags; 404 unknown', async () => {
    const user = await newUser();
    const order = await createPaidOrder(t.database.db, user.id, { amountCents: 3000, provider: 'nowpayments' });
    await call('POST', `/payment/invoices/${order.id}/refund-request`, user.token, { reason: 'Did not need the credits after all' });
    const refund = await call('POST', `/admin/payments/${order.id}/refund`, admin, {
      amountCents: 1000,
      reason: 'Partial refund',
      payoutReference: `tx-detail-${order.id}`,
    });
    expect(refund.statusCode).toBe(201);

    const response = await call('GET', `/admin/payments/${order.id}`, admin);
    expect(response.statusCode).toBe(200);
    const detail = adminPaymentDetailSchema.parse(response.json().data);
    expect(detail).toMatchObject({
      id: order.id,
      status: 'partially_refunded',
      refundableCents: 2000,
      user: { id: user.id, email: user.email },
      crypto: { payCurrency: 'BTC' },
      accountFlags: [],
      events: [],
    });
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        amountCents: 1000,
        method: 'manual',
        reference: `tx-detail-${order.id}`,
        reason: 'Partial refund',
        creditsReversed: 33,
      }),
    ]);
    expect(detail.refunds[0]?.actor?.email).toBe('admin@example.com');
    expect(detail.refundRequests).toEqual([expect.objectContaining({ status: 'pending', reason: 'Did not need the credits after all' })]);
    expect((await call('GET', `/admin/payments/${UNKNOWN}`, admin)).statusCode).toBe(404);
  });
});

describe('POST /admin/payments/{id}/refund (crypto: manual)', () => {
  it('requires payoutReference, refuses more than remains, reverses unspent credits, audits and mails', async () => {
    const user = await newUser();
    const order = await createPaidOrder(t.database.db, user.id, { amountCents: 4000, credits: 400, provider: 'nowpayments' });
    const url = `/admin/payments/${order.id}/refund`;
    const start = await balanceOf(user.id);

    const missing = await call('POST', url, admin, { amountCents: 1000, reason: 'Customer asked' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^payoutReference is required for crypto refunds/);
    expect(missing.json().error.details).toEqual([{ field: 'payoutReference', message: 'payoutReference is required for crypto refunds' }]);

    const tooMuch = await call('POST', url, admin, { amountCents: 4001, reason: 'Customer asked', payoutReference: 'tx-1' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('The refund cannot be more than what remains: USD 40.00');

    const partial = await call('POST', url, admin, { amountCents: 1000, reason: 'Customer asked', payoutReference: `tx-a-${order.id}` });
    expect(partial.statusCode).toBe(201);
    const first = refundResultSchema.parse(partial.json().data);
    expect(first.refund).toMatchObject({
      amountCents: 1000,
      creditsReversed: 100,
      method: 'manual',
      reference: `tx-a-${order.id}`,
      reason: 'Customer asked',
    });
    expect(first.order).toMatchObject({ status: 'partially_refunded', refundedCents: 1000, creditsReversed: 100 });
    expect(await balanceOf(user.id)).toBe(start - 100);

    const reused = await call('POST', url, admin, { amountCents: 500, reason: 'Again', payoutReference: `tx-a-${order.id}` });
    expect(reused.statusCode).toBe(409);

    const overRest = await call('POST', url, admin, { amountCents: 3001, reason: 'Too much', payoutReference: `tx-b-${order.id}` });
    expect(overRest.statusCode).toBe(400);
    expect(overRest.json().message).toBe('The refund cannot be more than what remains: USD 30.00');

    const rest = await call('POST', url, admin, { amountCents: 3000, reason: 'The rest', payoutReference: `tx-c-${order.id}` });
    expect(rest.statusCode).toBe(201);
    expect(refundResultSchema.parse(rest.json().data).order).toMatchObject({
      status: 'refunded',
      refundedCents: 4000,
      creditsReversed: 400,
    });
    expect(await balanceOf(user.id)).toBe(start - 400);
    await expectLedgerInvariant(t.database.db, user.id);

    const again = await call('POST', url, admin, { amountCents: 1, reason: 'Nothing left', payoutReference: `tx-d-${order.id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment is already fully refunded');

    const audits = await auditRows('payment.refund', order.id);
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({
      targetType: 'order',
      before: { status: 'paid', refundedCents: 0, creditsReversed: 0, balance: start },
      after: expect.objectContaining({
        status: 'partially_refunded',
        refundedCents: 1000,
        amountCents: 1000,
        method: 'manual',
        reason: 'Customer asked',
      }),
    });
    expect(audits[0]?.after).toMatchObject({ status: 'refunded', refundedCents: 4000, balance: start - 400 });

    const mail = await latestMail(t.app, user.email, 'refund_issued');
    expect(mail?.subject).toBe('Refund issued: USD 30.00');
    expect(mail?.text).toContain('300 unspent credits were removed');

    const invoice = invoiceSchema.parse((await call('GET', `/payment/invoices/${order.id}`, user.token)).json().data);
    expect(invoice).toMatchObject({ status: 'refunded', refundedCents: 4000, refundable: false });
  });

  it('reverses only credits not yet spent: never below zero', async () => {
    const user = await newUser();
    const order = await createPaidOrder(t.database.db, user.id, { amountCents: 2000, credits: 200, provider: 'nowpayments' });
    await setBalance(t.database.db, user.id, 30);
    const response = await call('POST', `/admin/payments/${order.id}/refund`, admin, {
      amountCents: 2000,
      reason: 'Full refund after spending',
      payoutReference: `tx-spent-${order.id}`,
    });
    expect(response.statusCode).toBe(201);
    const result = refundResultSchema.parse(response.json().data);
    expect(result.refund.creditsReversed).toBe(30);
    expect(result.order).toMatchObject({ status: 'refunded', refundedCents: 2000, creditsReversed: 30 });
    expect(await balanceOf(user.id)).toBe(0);
    await expectLedgerInvariant(t.database.db, user.id);
  });

  it('five full refunds at once: exactly one goes through and the credits are reversed once', async () => {
    const user = await newUser();
    const order = await createPaidOrder(t.database.db, user.id, { amountCents: 1500, credits: 150, provider: 'nowpayments' });
    const start = await balanceOf(user.id);
    const responses = await Promise.all(
      [0, 1, 2, 3, 4].map((index) =>
        call('POST', `/admin/payments/${order.id}/refund`, admin, {
          amountCents: 1500,
          reason: 'Race',
          payoutReference: `tx-race-${order.id}-${index}`,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await balanceOf(user.id)).toBe(start - 150);
    expect(await auditRows('payment.refund', order.id)).toHaveLength(1);
    await expectLedgerInvariant(t.database.db, user.id);
  });

  it('409 for an order that took no money; 404 for an unknown one; 400 for a bad body', async () => {
    const user = await newUser();
    const pending = await createPaidOrder(t.database.db, user.id, { pay: false, provider: 'nowpayments' });
    const refused = await call('POST', `/admin/payments/${pending.id}/refund`, admin, {
      amountCents: 100,
      reason: 'x',
      payoutReference: 'tx-p',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only a paid order can be refunded');
    expect((await call('POST', `/admin/payments/${UNKNOWN}/refund`, admin, { amountCents: 100, reason: 'x' })).statusCode).toBe(404);
    const bad = await call('POST', `/admin/payments/${pending.id}/refund`, admin, { amountCents: 0, reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.map((issue: { field: string }) => issue.field)
        .sort(),
    ).toEqual(['amountCents', 'reason']);
  });
});

describe('refund requests', () => {
  it('queue pending first; approve refunds what remains, links the refund, audits and mails; decided twice is 409', async () => {
    const user = await newUser();
    const order = await createPaidOrder(t.database.db, user.id, { amountCents: 1200, credits: 120, provider: 'nowpayments' });
    const older = await createPaidOrder(t.database.db, user.id, { amountCents: 800, provider: 'nowpayments' });
    const sent = await call('POST', `/payment/invoices/${order.id}/refund-request`, user.token, { reason: 'The generator never finished' });
    const sentOlder = await call('POST', `/payment/invoices/${older.id}/refund-request`, user.token, {
      reason: 'Bought the wrong package',
    });
    const requestId = sent.json().data.id as string;
    const olderId = sentOlder.json().data.id as string;

    // Reject one first so the list holds a decided request too.
    const rejected = await call('POST', `/admin/refund-requests/${olderId}/reject`, admin, { note: 'The credits were already used' });
    expect(rejected.statusCode).toBe(200);
    expect(refundRequestDecisionSchema.parse(rejected.json().data)).toMatchObject({
      request: {
        id: olderId,
        status: 'rejected',
        decisionNote: 'The credits were already used',
        decidedBy: { email: 'admin@example.com' },
      },
      refund: null,
    });
    const rejectMail = await latestMail(t.app, user.email, 'refund_request_decided');
    expect(rejectMail?.subject).toBe('Your refund request was declined');
    expect(rejectMail?.text).toContain('The credits were already used');
    expect(await auditRows('refund_request.reject', olderId)).toHaveLength(1);

    const queue = adminRefundRequestListSchema.parse((await call('GET', '/admin/refunds?limit=100', admin)).json().data);
    const statuses = queue.items.map((item) => item.status);
    expect(statuses.indexOf('rejected')).toBeGreaterThan(statuses.lastIndexOf('pending'));
    const mine = queue.items.find((item) => item.id === requestId);
    expect(mine).toMatchObject({ status: 'pending', user: { id: user.id }, order: { id: order.id, amountCents: 1200 } });
    const pendingOnly = adminRefundRequestListSchema.parse(
      (await call('GET', '/admin/refunds?status=pending&limit=100', admin)).json().data,
    );
    expect(pendingOnly.items.every((item) => item.status === 'pending')).toBe(true);

    const noReference = await call('POST', `/admin/refund-requests/${requestId}/approve`, admin, {});
    expect(noReference.statusCode).toBe(400);

    const balance = await balanceOf(user.id);
    const approved = await call('POST', `/admin/refund-requests/${requestId}/approve`, admin, {
      note: 'Sorry about that',
      payoutReference: `tx-approve-${requestId}`,
    });
    expect(approved.statusCode).toBe(200);
    const decision = refundRequestDecisionSchema.parse(approved.json().data);
    expect(decision.request).toMatchObject({
      status: 'approved',
      decisionNote: 'Sorry about that',
      order: { status: 'refunded', refundedCents: 1200 },
    });
    expect(decision.refund).toMatchObject({
      amountCents: 1200,
      creditsReversed: 120,
      method: 'manual',
      reference: `tx-approve-${requestId}`,
    });
    expect(decision.request.refundId).toBe(decision.refund?.id);
    expect(await balanceOf(user.id)).toBe(balance - 120);

    const approveMail = await latestMail(t.app, user.email, 'refund_request_decided');
    expect(approveMail?.subject).toBe('Your refund request was approved');
    expect(approveMail?.text).toContain('USD 12.00 was refunded');
    expect(await auditRows('refund_request.approve', requestId)).toHaveLength(1);
    expect(await auditRows('payment.refund', order.id)).toHaveLength(1);

    const invoice = invoiceSchema.parse((await call('GET', `/payment/invoices/${order.id}`, user.token)).json().data);
    expect(invoice.refundRequest).toMatchObject({ id: requestId, status: 'approved', decisionNote: 'Sorry about that' });

    for (const [path, body] of [
      ['approve', { payoutReference: 'tx-x' }],
      ['reject', { note: 'late' }],
    ] as const) {
      const twice = await call('POST', `/admin/refund-requests/${requestId}/${path}`, admin, body);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('This refund request was already decided');
    }
    expect((await call('POST', `/admin/refund-requests/${UNKNOWN}/reject`, admin, { note: 'x' })).statusCode).toBe(404);

    const history = refundHistorySchema.parse((await call('GET', '/admin/refunds/history?limit=100', admin)).json().data);
    expect(history.items[0]).toMatchObject({
      id: decision.refund?.id,
      order: { id: order.id, provider: 'nowpayments' },
      user: { id: user.id, email: user.email },
      actor: { email: 'admin@example.com' },
    });
  });

  it('approve with a partial amount leaves the rest refundable', async () => {
    const user = await newUser();
    const order = await createPaidOrder(t.database.db, user.id, { amountCents: 1000, credits: 100, provider: 'nowpayments' });
    const sent = await call('POST', `/payment/invoices/${order.id}/refund-request`, user.token, { reason: 'Only half of it worked' });
    const approved = await call('POST', `/admin/refund-requests/${sent.json().data.id}/approve`, admin, {
      amountCents: 400,
      payoutReference: `tx-half-${order.id}`,
    });
    expect(approved.statusCode).toBe(200);
    expect(refundRequestDecisionSchema.parse(approved.json().data).refund).toMatchObject({ amountCents: 400, creditsReversed: 40 });
    const invoice = invoiceSchema.parse((await call('GET', `/payment/invoices/${order.id}`, user.token)).json().data);
    expect(invoice).toMatchObject({ status: 'partially_refunded', refundedCents: 400, refundable: true });
  });
});
