import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { buildTestApp, TEST_ADMIN_EMAIL } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerInvariant } from '../../../test/credit-helpers.ts';
import { mailsTo } from '../../../test/mail-helpers.ts';
import { users } from '../../users/tables.ts';
import { createPaidOrder } from '../../../test/billing-helpers.ts';
import { verifiedBuyer } from '../../../test/card-helpers.ts';
import { findOrderById } from '../orders/orders.repository.ts';
import { createRefundService } from '../orders/refunds.service.ts';
import { refunds } from '../orders/tables.ts';

/**
 * Stripe's charge.refunded of recent API versions carries no refunds list, so the event cannot name
 * the refund. When the event of an admin's own refund arrives before the admin's transaction, the
 * refund must still be recorded once (not once by the event and again by the admin).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const signer = new Stripe('sk_test_signer_for_tests');

describe('an admin card refund whose charge.refunded (without a refunds list) comes first', () => {
  it('is recorded once, by the admin, with one mail', async () => {
    const buyer = await verifiedBuyer(t.app, db(), 0);
    const order = await createPaidOrder(db(), buyer.id, { amountCents: 4000, credits: 400 });
    const [adminRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN_EMAIL));
    const [buyerRow] = await db().select({ email: users.email }).from(users).where(eq(users.id, buyer.id));

    const service = createRefundService({
      db: db(),
      mailer: t.app.mailer,
      clock: () => new Date(),
      cardRefunder: () => ({
        // Stripe refunds, and its event reaches the webhook before the provider's answer is handled.
        async refund(paymentRef, amountCents, idempotencyKey) {
          const payload = JSON.stringify({
            id: `evt_race_${order.id}`,
            object: 'event',
            api_version: '2026-10-28.endive',
            created: Math.floor(Date.now() / 1000),
            livemode: false,
            request: { id: 'req_race', idempotency_key: idempotencyKey },
            type: 'charge.refunded',
            data: {
              object: {
                id: `ch_race_${order.id}`,
                object: 'charge',
                amount: 4000,
                amount_refunded: amountCents,
                payment_intent: paymentRef,
              },
            },
          });
          const signature = signer.webhooks.generateTestHeaderString({ payload, secret: t.app.cardPayments.sandbox!.webhookSecret });
          await t.app.cardPayments.handleWebhook(payload, signature);
          return { refundId: `re_race_${order.id}`, status: 'succeeded' };
        },
      }),
    });

    const outcome = await service.refundOrder({ userId: adminRow!.id, ip: null, userAgent: null }, order.id, {
      amountCents: 1000,
      reason: 'A quarter back',
    });
    expect(outcome.order).toMatchObject({ status: 'partially_refunded', refundedCents: 1000, creditsReversed: 100 });
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountCents: 1000,
      reference: `re_race_${order.id}`,
      actorUserId: adminRow!.id,
      reason: 'A quarter back',
    });
    expect(await findOrderById(db(), order.id)).toMatchObject({ refundedCents: 1000, creditsReversed: 100 });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(300);
    expect((await mailsTo(t.app, buyerRow!.email)).filter((mail) => mail.template === 'refund_issued')).toHaveLength(1);
  });
});
