import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminPaymentDetailSchema } from '@lumen/core/payments/billing';
import { adminAccessToken, buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { cryptoPaymentOf, verifiedUser } from '../../../test/crypto-helpers.ts';
import { bearer } from '../../../test/http-helpers.ts';
import { auditLog } from '../../audit/tables.ts';
import { createPaidOrder } from '../../../test/billing-helpers.ts';
import { signIpnBody } from './nowpayments-signature.ts';

/** NOWPayments has no refund API: an admin gives the coins back and records the payout reference. */
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
const refund = (orderId: string, amountCents: number, payoutReference: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/payments/${orderId}/refund`,
    headers: bearer(admin),
    payload: { amountCents, reason: 'Coins sent back', payoutReference },
  });
const detail = async (orderId: string) =>
  adminPaymentDetailSchema.parse(
    (await t.app.inject({ method: 'GET', url: `/api/v1/admin/payments/${orderId}`, headers: bearer(admin) })).json().data,
  );

describe('a manual crypto refund', () => {
  it('marks the crypto payment refunded once the order is fully refunded (not before), and a late IPN does not undo it', async () => {
    const user = await verifiedUser(t.app, db());
    const order = await createPaidOrder(db(), user.id, { amountCents: 4900, credits: 350, provider: 'nowpayments' });
    const paymentId = order.providerPaymentId!;

    expect((await refund(order.id, 1900, `tx-a-${order.id}`)).statusCode).toBe(201);
    expect((await cryptoPaymentOf(db(), paymentId))?.status).toBe('finished');
    expect((await detail(order.id)).crypto?.status).toBe('finished');

    const rest = await refund(order.id, 3000, `tx-b-${order.id}`);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.order).toMatchObject({ status: 'refunded', crypto: { status: 'refunded' } });
    expect((await cryptoPaymentOf(db(), paymentId))?.status).toBe('refunded');
    expect((await detail(order.id)).crypto?.status).toBe('refunded');

    // The user's status check reads it too (final: the provider is not asked again).
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/payment/crypto/status/${paymentId}`, headers: user.headers });
    expect(status.json().data).toMatchObject({ status: 'REFUNDED' });

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, order.id)));
    expect(audits.map((row) => (row.after as { cryptoPaymentsRefunded?: string[] }).cryptoPaymentsRefunded ?? null).sort()).toEqual(
      [[paymentId], null].sort(),
    );

    // The provider's (late or repeated) 'finished' IPN is recorded, but the payment stays refunded.
    const ipn = {
      payment_id: paymentId,
      payment_status: 'finished',
      pay_address: 'tb1qtestaddress',
      pay_amount: 0.00052,
      actually_paid: 0.00052,
      pay_currency: 'btc',
      price_amount: 49,
      price_currency: 'usd',
      order_id: order.id,
    };
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/nowpayments',
      headers: { 'x-nowpayments-sig': signIpnBody(ipn, t.app.cryptoPayments.sandbox!.ipnSecret) },
      payload: ipn,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await cryptoPaymentOf(db(), paymentId))?.status).toBe('refunded');
  });
});
