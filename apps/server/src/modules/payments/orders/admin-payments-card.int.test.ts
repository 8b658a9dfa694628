import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminPaymentDetailSchema, invoiceSchema, refundRequestDecisionSchema, refundResultSchema } from '@lumen/core/payments/billing';
import { expectLedgerInvariant, setBalance } from '../../../test/credit-helpers.ts';
import { bearer } from '../../../test/http-helpers.ts';
import { latestMail } from '../../../test/mail-helpers.ts';
import { auditLog } from '../../audit/tables.ts';
import { users } from '../../users/tables.ts';
import { appWithAdmin, seededPackage, verifiedBuyer } from '../../../test/card-helpers.ts';
import { findOrderById } from './orders.repository.ts';

/**
 * Card refunds end to end in test mode: a package bought with the test card through the real
 * purchase routes, refunded by an admin through the built-in card provider, whose signed
 * charge.refunded event enters the same webhook handler as Stripe's.
 */
const { app, admin, db, call } = appWithAdmin();

async function boughtWithCard(balance = 0) {
  const buyer = await verifiedBuyer(app(), db(), balance);
  const pack = await seededPackage(db());
  const intent = await app().inject({
    method: 'POST',
    url: '/api/v1/credits/purchase/stripe/create-payment-intent',
    headers: buyer.headers,
    payload: { packageId: pack.id },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret, orderId } = intent.json().data as { clientSecret: string; orderId: string };
  const confirmed = await app().inject({
    method: 'POST',
    url: '/api/v1/payment/test-mode/card/confirm',
    headers: buyer.headers,
    payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(confirmed.json().data.status).toBe('succeeded');
  const order = (await findOrderById(db(), orderId))!;
  expect(order.status).toBe('paid');
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, buyer.id));
  return { buyer: { ...buyer, email: user!.email }, pack, order };
}

describe('card refunds by an admin (test-mode card provider)', () => {
  it('partial then full: the provider refunds, unspent credits are reversed, the admin is recorded, audited and mailed', async () => {
    const { buyer, pack, order } = await boughtWithCard(0);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount);
    const half = Math.floor(pack.priceCents / 2);

    const partial = await call('POST', `/admin/payments/${order.id}/refund`, admin(), { amountCents: half, reason: 'Half refund' });
    expect(partial.statusCode, partial.body).toBe(201);
    const first = refundResultSchema.parse(partial.json().data);
    const expectedCredits = Math.floor((pack.creditsAmount * half) / pack.priceCents);
    expect(first.refund).toMatchObject({ amountCents: half, method: 'stripe', creditsReversed: expectedCredits, reason: 'Half refund' });
    expect(first.refund.reference).toMatch(/^re_/);
    // The provider's charge.refunded event recorded the refund first; the admin and reason are still on it.
    expect(first.refund.actor?.email).toBe('admin@example.com');
    expect(first.order).toMatchObject({ status: 'partially_refunded', refundedCents: half, creditsReversed: expectedCredits });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(pack.creditsAmount - expectedCredits);

    const tooMuch = await call('POST', `/admin/payments/${order.id}/refund`, admin(), { amountCents: pack.priceCents, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(400);

    const rest = await call('POST', `/admin/payments/${order.id}/refund`, admin(), {
      amountCents: pack.priceCents - half,
      reason: 'The rest',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(refundResultSchema.parse(rest.json().data).order).toMatchObject({
      status: 'refunded',
      refundedCents: pack.priceCents,
      creditsReversed: pack.creditsAmount,
    });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);

    const detail = adminPaymentDetailSchema.parse((await call('GET', `/admin/payments/${order.id}`, admin())).json().data);
    expect(detail.refunds.map((refund) => [refund.amountCents, refund.actor?.email, refund.reason])).toEqual([
      [half, 'admin@example.com', 'Half refund'],
      [pack.priceCents - half, 'admin@example.com', 'The rest'],
    ]);
    expect(detail.events.filter((event) => event.type === 'charge.refunded')).toHaveLength(2);
    expect(detail.refundableCents).toBe(0);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, order.id)));
    expect(audits).toHaveLength(2);
    expect(audits.map((row) => (row.before as { refundedCents: number }).refundedCents).sort((a, b) => a - b)).toEqual([0, half]);

    const mail = await latestMail(app(), buyer.email, 'refund_issued');
    expect(mail?.text).toContain('We refunded USD');
  });

  it('a refund after the credits were spent reverses only what is left, never below zero', async () => {
    const { buyer, pack, order } = await boughtWithCard(0);
    await setBalance(db(), buyer.id, 3);
    const response = await call('POST', `/admin/payments/${order.id}/refund`, admin(), {
      amountCents: pack.priceCents,
      reason: 'Full refund',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(refundResultSchema.parse(response.json().data).refund.creditsReversed).toBe(3);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);
    expect(await findOrderById(db(), order.id)).toMatchObject({ status: 'refunded', refundedCents: pack.priceCents, creditsReversed: 3 });
  });

  it('approving a card refund request with no body refunds everything that remains', async () => {
    const { buyer, pack, order } = await boughtWithCard(0);
    const sent = await call('POST', `/payment/invoices/${order.id}/refund-request`, buyer.token, { reason: 'Bought the wrong package' });
    expect(sent.statusCode).toBe(201);
    const approved = await app().inject({
      method: 'POST',
      url: `/api/v1/admin/refund-requests/${sent.json().data.id}/approve`,
      headers: bearer(admin()),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const decision = refundRequestDecisionSchema.parse(approved.json().data);
    expect(decision.refund).toMatchObject({ amountCents: pack.priceCents, method: 'stripe', creditsReversed: pack.creditsAmount });
    expect(decision.request).toMatchObject({ status: 'approved', refundId: decision.refund?.id });
    const invoice = invoiceSchema.parse((await call('GET', `/payment/invoices/${order.id}`, buyer.token)).json().data);
    expect(invoice).toMatchObject({ status: 'refunded', refundable: false, refundRequest: { status: 'approved' } });
    expect((await latestMail(app(), buyer.email, 'refund_request_decided'))?.subject).toBe('Your refund request was approved');

    // The receipt now lists the refund.
    const link = await call('GET', `/payment/invoices/${order.id}/download`, buyer.token);
    expect(link.statusCode).toBe(200);
  });
});
