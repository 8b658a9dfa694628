import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invoiceSchema, refundResultSchema } from '@lumen/core/payments/billing';
import { expectLedgerInvariant } from '../../../test/credit-helpers.ts';
import { mailsTo } from '../../../test/mail-helpers.ts';
import { auditLog } from '../../audit/tables.ts';
import { users } from '../../users/tables.ts';
import { appWithAdmin, postStripeWebhook, seededPackage, signedStripeEvent, verifiedBuyer } from '../../../test/card-helpers.ts';
import { findOrderById } from './orders.repository.ts';
import { FULL_REFUND_REQUEST_NOTE } from './refunds.service.ts';
import { STRIPE_FULL_REFUND_REQUEST_NOTE } from '../card/stripe-webhook.service.ts';
import { refundRequests, refunds } from './tables.ts';

/**
 * Follow-ups of refunds: a full direct refund by an admin closes the user's pending request in
 * the same transaction; a refund made from Stripe's side mails the user refund_issued once per refund.
 */
const { app, admin, db, call } = appWithAdmin();

/** A package bought with the test card through the real purchase routes. */
async function boughtWithCard() {
  const buyer = await verifiedBuyer(app(), db(), 0);
  const pack = await seededPackage(db(), 3);
  const intent = await call('POST', '/credits/purchase/stripe/create-payment-intent', buyer.token, { packageId: pack.id });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret, orderId } = intent.json().data as { clientSecret: string; orderId: string };
  const confirmed = await call('POST', '/payment/test-mode/card/confirm', buyer.token, {
    clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  expect(confirmed.json().data.status).toBe('succeeded');
  const order = (await findOrderById(db(), orderId))!;
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, buyer.id));
  return { buyer: { ...buyer, email: user!.email }, pack, order };
}

async function askForRefund(token: string, orderId: string) {
  const sent = await call('POST', `/payment/invoices/${orderId}/refund-request`, token, { reason: 'Bought the wrong package' });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json().data.id as string;
}

const requestRow = async (id: string) => (await db().select().from(refundRequests).where(eq(refundRequests.id, id)))[0];
const mailsOf = async (email: string, template: string) => (await mailsTo(app(), email)).filter((mail) => mail.template === template);

describe('a full direct refund by an admin closes the pending refund request', () => {
  it('a partial refund leaves it pending; the refund of the rest approves it, linked to that refund, with a note; audited; one mail per refund', async () => {
    const { buyer, pack, order } = await boughtWithCard();
    const requestId = await askForRefund(buyer.token, order.id);
    const half = Math.floor(pack.priceCents / 2);

    const partial = await call('POST', `/admin/payments/${order.id}/refund`, admin(), { amountCents: half, reason: 'Half now' });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(await requestRow(requestId)).toMatchObject({ status: 'pending', refundId: null, decidedByUserId: null });

    const rest = await call('POST', `/admin/payments/${order.id}/refund`, admin(), {
      amountCents: pack.priceCents - half,
      reason: 'The rest',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const result = refundResultSchema.parse(rest.json().data);
    expect(result.order.status).toBe('refunded');
    const closed = await requestRow(requestId);
    expect(closed).toMatchObject({ status: 'approved', refundId: result.refund.id, decisionNote: FULL_REFUND_REQUEST_NOTE });
    expect(closed?.decidedByUserId).toBe(result.refund.actor?.id);
    expect(closed?.decidedAt).toBeInstanceOf(Date);

    // The user sees the answer on the invoice, and can no longer ask.
    const invoice = invoiceSchema.parse((await call('GET', `/payment/invoices/${order.id}`, buyer.token)).json().data);
    expect(invoice).toMatchObject({
      status: 'refunded',
      refundRequest: { id: requestId, status: 'approved', decisionNote: FULL_REFUND_REQUEST_NOTE },
    });
    // The refunds page has nothing pending left for this order.
    const pending = (await call('GET', '/admin/refunds?status=pending&limit=100', admin())).json().data.items as { id: string }[];
    expect(pending.map((item) => item.id)).not.toContain(requestId);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund_request.approve'), eq(auditLog.targetId, requestId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ status: 'approved', refundId: result.refund.id, note: FULL_REFUND_REQUEST_NOTE });

    // The provider's charge.refunded events of the admin's own refunds mail nothing more: one mail per refund.
    expect(await mailsOf(buyer.email, 'refund_issued')).toHaveLength(2);
    expect(await mailsOf(buyer.email, 'refund_request_decided')).toHaveLength(0);
  });

  it('a full crypto refund (manual, with the payout reference) closes the pending request too', async () => {
    const buyer = await verifiedBuyer(app(), db(), 0);
    const { createPaidOrder } = await import('../../../test/billing-helpers.ts');
    const order = await createPaidOrder(db(), buyer.id, { amountCents: 4900, credits: 350, provider: 'nowpayments' });
    const requestId = await askForRefund(buyer.token, order.id);
    const refunded = await call('POST', `/admin/payments/${order.id}/refund`, admin(), {
      amountCents: 4900,
      reason: 'Full',
      payoutReference: `tx-${order.id}`,
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const result = refundResultSchema.parse(refunded.json().data);
    expect(await requestRow(requestId)).toMatchObject({
      status: 'approved',
      refundId: result.refund.id,
      decisionNote: FULL_REFUND_REQUEST_NOTE,
    });
  });
});

describe('a refund made from Stripe’s side (not by our admin)', () => {
  const secret = () => app().cardPayments.sandbox!.webhookSecret;
  const chargeRefunded = (order: { providerPaymentId: string | null; amountCents: number }, amountRefunded: number, refundId: string) =>
    signedStripeEvent(secret(), 'charge.refunded', {
      id: `ch_${refundId}`,
      object: 'charge',
      amount: order.amountCents,
      amount_refunded: amountRefunded,
      payment_intent: order.providerPaymentId,
      refunds: { data: [{ id: refundId }] },
    });

  it('mails refund_issued once per refund row, however often the event comes; a full one closes the pending request', async () => {
    const { buyer, pack, order } = await boughtWithCard();
    const requestId = await askForRefund(buyer.token, order.id);
    const half = Math.floor(pack.priceCents / 2);

    const first = chargeRefunded(order, half, `re_dash1_${order.id}`);
    expect((await postStripeWebhook(app(), first.payload, first.signature)).statusCode).toBe(200);
    expect((await postStripeWebhook(app(), first.payload, first.signature)).statusCode).toBe(200);
    let issued = await mailsOf(buyer.email, 'refund_issued');
    expect(issued).toHaveLength(1);
    expect(issued[0]?.text).toContain(`We refunded USD ${(half / 100).toFixed(2)}`);
    // A partial refund leaves the request to the admin.
    expect((await requestRow(requestId))?.status).toBe('pending');

    // Another event about the same refund (a new event id) changes nothing and mails nothing.
    const again = signedStripeEvent(secret(), 'charge.refunded', JSON.parse(first.payload).data.object);
    expect((await postStripeWebhook(app(), again.payload, again.signature)).statusCode).toBe(200);
    expect(await mailsOf(buyer.email, 'refund_issued')).toHaveLength(1);

    const second = chargeRefunded(order, pack.priceCents, `re_dash2_${order.id}`);
    expect((await postStripeWebhook(app(), second.payload, second.signature)).statusCode).toBe(200);
    issued = await mailsOf(buyer.email, 'refund_issued');
    expect(issued).toHaveLength(2);
    expect(issued[0]?.text).toContain(`We refunded USD ${((pack.priceCents - half) / 100).toFixed(2)}`);

    expect(await findOrderById(db(), order.id)).toMatchObject({ status: 'refunded', refundedCents: pack.priceCents });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(0);
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((row) => row.actorUserId)).toEqual([null, null]);
    const closed = await requestRow(requestId);
    const secondRefund = rows.find((row) => row.reference === `re_dash2_${order.id}`);
    expect(closed).toMatchObject({
      status: 'approved',
      decidedByUserId: null,
      refundId: secondRefund?.id,
      decisionNote: STRIPE_FULL_REFUND_REQUEST_NOTE,
    });
  });

  it('an event that refunds nothing new (already recorded by the admin) mails nothing', async () => {
    const { buyer, pack, order } = await boughtWithCard();
    const refunded = await call('POST', `/admin/payments/${order.id}/refund`, admin(), { amountCents: pack.priceCents, reason: 'Full' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(await mailsOf(buyer.email, 'refund_issued')).toHaveLength(1);
    // Stripe's own summary of the same total under another reference: nothing left to refund.
    const late = signedStripeEvent(secret(), 'charge.refunded', {
      id: 'ch_late',
      object: 'charge',
      amount: pack.priceCents,
      amount_refunded: pack.priceCents,
      payment_intent: order.providerPaymentId,
    });
    expect((await postStripeWebhook(app(), late.payload, late.signature)).statusCode).toBe(200);
    expect(await mailsOf(buyer.email, 'refund_issued')).toHaveLength(1);
  });
});
