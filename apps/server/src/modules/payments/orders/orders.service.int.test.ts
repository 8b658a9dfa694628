import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../../test/credit-helpers.ts';
import { registerUser } from '../../../test/http-helpers.ts';
import { listActivePackages } from '../../credits/catalogue.repository.ts';
import { findCreditAccount, hasPurchased, listLedgerEntries } from '../../credits/credits.repository.ts';
import { chargeForService } from '../../credits/credits.service.ts';
import { listActivePlans } from '../plans/plans.repository.ts';
import {
  createCreditPackOrder,
  createSubscriptionOrder,
  getOrderForUser,
  handleProviderEvent,
  markOrderPaid,
  markOrderUnpaid,
  reverseOrderCredits,
} from './orders.service.ts';
import { findOrderById } from './orders.repository.ts';
import { accountFlags, paymentEvents, refunds } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function newUser(balance = 0): Promise<string> {
  const { user } = await registerUser(t.app);
  await setBalance(db(), user.id, balance);
  return user.id;
}

async function firstPackage() {
  const [pack] = await listActivePackages(db());
  if (!pack) throw new Error('no seeded package');
  return pack;
}

async function paidOrder(userId: string) {
  const pack = await firstPackage();
  const order = await createCreditPackOrder(db(), { userId, packageId: pack.id, provider: 'stripe', testMode: true });
  await markOrderPaid(db(), order.id);
  return (await findOrderById(db(), order.id))!;
}

describe('orders: creation', () => {
  it('snapshots the package price and credits times the quantity', async () => {
    const userId = await newUser();
    const pack = await firstPackage();
    const order = await createCreditPackOrder(db(), { userId, packageId: pack.id, quantity: 3, provider: 'stripe', testMode: true });
    expect(order).toMatchObject({
      status: 'pending',
      kind: 'credit_pack',
      amountCents: pack.priceCents * 3,
      credits: pack.creditsAmount * 3,
      quantity: 3,
      description: `${pack.name} × 3`,
    });
  });

  it('an unknown package is a 404 and a bad quantity a 400', async () => {
    const userId = await newUser();
    await expect(
      createCreditPackOrder(db(), { userId, packageId: '00000000-0000-4000-8000-000000000000', provider: 'stripe', testMode: true }),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Credit package not found' });
    const pack = await firstPackage();
    await expect(
      createCreditPackOrder(db(), { userId, packageId: pack.id, quantity: 101, provider: 'stripe', testMode: true }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('a subscription order grants the plan credits as subscription_grant and unlocks downloads', async () => {
    const userId = await newUser();
    expect(await hasPurchased(db(), userId)).toBe(false);
    const [plan] = await listActivePlans(db());
    const order = await createSubscriptionOrder(db(), {
      userId,
      planId: plan!.id,
      subscriptionId: '00000000-0000-4000-8000-000000000001',
      provider: 'stripe',
      testMode: true,
    });
    const result = await markOrderPaid(db(), order.id);
    expect(result.credited).toBe(true);
    const entries = await listLedgerEntries(db(), userId);
    expect(entries.at(-1)).toMatchObject({
      kind: 'subscription_grant',
      amount: plan!.creditsPerPeriod,
      idempotencyKey: `order:${order.id}`,
    });
    expect(await hasPurchased(db(), userId)).toBe(true);
  });
});

describe('orders: paid, unpaid', () => {
  it('markOrderPaid credits once, numbers the invoice, and a second call changes nothing', async () => {
    const userId = await newUser(0);
    const pack = await firstPackage();
    const order = await createCreditPackOrder(db(), { userId, packageId: pack.id, provider: 'stripe', testMode: true });
    const first = await markOrderPaid(db(), order.id, { paymentMethodLabel: 'Visa •••• 4242' });
    const second = await markOrderPaid(db(), order.id);
    expect(first.credited).toBe(true);
    expect(second.credited).toBe(false);
    expect(first.order.status).toBe('paid');
    expect(first.order.invoiceNumber).toBeGreaterThanOrEqual(1001);
    expect(await expectLedgerInvariant(db(), userId)).toBe(pack.creditsAmount);
    const dto = await getOrderForUser(db(), userId, order.id);
    expect(dto.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(dto.paidAt).not.toBeNull();
  });

  it('markOrderUnpaid only moves a pending order; a failed order can still be paid later', async () => {
    const userId = await newUser();
    const pack = await firstPackage();
    const order = await createCreditPackOrder(db(), { userId, packageId: pack.id, provider: 'stripe', testMode: true });
    const failed = await markOrderUnpaid(db(), order.id, 'failed', 'Your card was declined.');
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await markOrderUnpaid(db(), order.id, 'expired', 'late')).toBeNull();
    expect((await listLedgerEntries(db(), userId)).some((entry) => entry.kind === 'purchase')).toBe(false);
    expect((await markOrderPaid(db(), order.id)).credited).toBe(true);
    expect((await findOrderById(db(), order.id))?.failureReason).toBeNull();
  });

  it('getOrderForUser hides another user’s order behind a 404', async () => {
    const owner = await newUser();
    const other = await newUser();
    const order = await paidOrder(owner);
    await expect(getOrderForUser(db(), other, order.id)).rejects.toMatchObject({ statusCode: 404, message: 'Order not found' });
  });
});

describe('orders: handleProviderEvent', () => {
  it('20 concurrent deliveries of one event credit once and store one event', async () => {
    const userId = await newUser(0);
    const pack = await firstPackage();
    const order = await createCreditPackOrder(db(), { userId, packageId: pack.id, provider: 'stripe', testMode: true });
    const eventId = `evt_${order.id}`;
    let processed = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        handleProviderEvent(
          db(),
          { provider: 'stripe', eventId, type: 'payment_intent.succeeded', payload: { id: eventId }, orderId: order.id },
          async (tx) => {
            processed += 1;
            const { credited } = await markOrderPaid(tx, order.id);
            return credited ? 'credited' : 'already paid';
          },
        ),
      ),
    );
    expect(processed).toBe(1);
    expect(results.filter((result) => !result.duplicate)).toEqual([{ duplicate: false, outcome: 'credited' }]);
    const stored = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ outcome: 'credited', orderId: order.id });
    expect(await expectLedgerInvariant(db(), userId)).toBe(pack.creditsAmount);
  });

  it('if process throws nothing is stored, and the retry is processed', async () => {
    const userId = await newUser(0);
    const pack = await firstPackage();
    const order = await createCreditPackOrder(db(), { userId, packageId: pack.id, provider: 'stripe', testMode: true });
    const eventId = `evt_throw_${order.id}`;
    const input = { provider: 'stripe' as const, eventId, type: 'payment_intent.succeeded', payload: {}, orderId: order.id };
    await expect(
      handleProviderEvent(db(), input, async (tx) => {
        await markOrderPaid(tx, order.id);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId))).toHaveLength(0);
    expect((await findOrderById(db(), order.id))?.status).toBe('pending');
    expect(await expectLedgerInvariant(db(), userId)).toBe(0);

    const retry = await handleProviderEvent(db(), input, async (tx) => ((await markOrderPaid(tx, order.id)).credited ? 'credited' : 'no'));
    expect(retry).toEqual({ duplicate: false, outcome: 'credited' });
    expect(await expectLedgerInvariant(db(), userId)).toBe(pack.creditsAmount);
  });
});

describe('orders: reverseOrderCredits', () => {
  it('a full refund takes back every unspent credit; replaying the reference changes nothing', async () => {
    const userId = await newUser(0);
    const order = await paidOrder(userId);
    const input = {
      orderId: order.id,
      refundedCentsTotal: order.amountCents,
      reason: 'requested',
      method: 'stripe' as const,
      reference: `re_${order.id}`,
    };
    const first = await reverseOrderCredits(db(), input);
    const again = await reverseOrderCredits(db(), input);
    expect(first).toMatchObject({ creditsReversed: order.credits, replay: false });
    expect(again).toMatchObject({ refundId: first.refundId, replay: true });
    expect(await expectLedgerInvariant(db(), userId)).toBe(0);
    const after = await findOrderById(db(), order.id);
    expect(after).toMatchObject({ status: 'refunded', refundedCents: order.amountCents, creditsReversed: order.credits });
    const ledger = await listLedgerEntries(db(), userId);
    expect(ledger.at(-1)).toMatchObject({ kind: 'payment_refund', amount: -order.credits, idempotencyKey: `refund:${first.refundId}` });
  });

  it('partial refunds are cumulative and proportional', async () => {
    const userId = await newUser(0);
    const order = await paidOrder(userId);
    const half = Math.floor(order.amountCents / 2);
    const one = await reverseOrderCredits(db(), {
      orderId: order.id,
      refundedCentsTotal: half,
      reason: 'r',
      method: 'stripe',
      reference: `re_a_${order.id}`,
    });
    expect(one.creditsReversed).toBe(Math.floor((order.credits * half) / order.amountCents));
    expect((await findOrderById(db(), order.id))?.status).toBe('partially_refunded');
    const two = await reverseOrderCredits(db(), {
      orderId: order.id,
      refundedCentsTotal: order.amountCents,
      reason: 'r',
      method: 'stripe',
      reference: `re_b_${order.id}`,
    });
    expect(one.creditsReversed + two.creditsReversed).toBe(order.credits);
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((row) => row.amountCents).sort((a, b) => a - b)).toEqual([half, order.amountCents - half].sort((a, b) => a - b));
    expect(await expectLedgerInvariant(db(), userId)).toBe(0);
  });

  it('credits already spent stay spent: the balance never goes below zero', async () => {
    const userId = await newUser(0);
    const order = await paidOrder(userId);
    await setBalance(db(), userId, 3); // spent most of the purchase
    const result = await reverseOrderCredits(db(), {
      orderId: order.id,
      refundedCentsTotal: order.amountCents,
      reason: 'r',
      method: 'manual',
      reference: `payout-${order.id}`,
    });
    expect(result.creditsReversed).toBe(3);
    expect(await expectLedgerInvariant(db(), userId)).toBe(0);
  });

  it('a dispute reverses credits, marks the order disputed and flags the account', async () => {
    const userId = await newUser(0);
    const order = await paidOrder(userId);
    const result = await reverseOrderCredits(db(), {
      orderId: order.id,
      refundedCentsTotal: order.amountCents,
      reason: 'fraudulent',
      method: 'stripe',
      reference: `dp_${order.id}`,
      dispute: true,
    });
    expect(result.creditsReversed).toBe(order.credits);
    expect((await findOrderById(db(), order.id))?.status).toBe('disputed');
    const flags = await db().select().from(accountFlags).where(eq(accountFlags.userId, userId));
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ orderId: order.id });
  });

  it('refuses an order that was never paid', async () => {
    const userId = await newUser();
    const pack = await firstPackage();
    const order = await createCreditPackOrder(db(), { userId, packageId: pack.id, provider: 'stripe', testMode: true });
    await expect(
      reverseOrderCredits(db(), {
        orderId: order.id,
        refundedCentsTotal: 100,
        reason: 'r',
        method: 'stripe',
        reference: `re_x_${order.id}`,
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it('property: random spending and refund sequences never drive a balance below zero', async () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 6; round += 1) {
      const userId = await newUser(Math.floor(random() * 5));
      const order = await paidOrder(userId);
      let total = 0;
      for (let step = 0; step < 4; step += 1) {
        if (random() < 0.5) {
          await chargeForService(db(), { userId, serviceKey: 'ai-background', idempotencyKey: `prop:${userId}:${step}` }).catch(
            () => undefined,
          );
        }
        total = Math.min(order.amountCents, total + 1 + Math.floor(random() * order.amountCents * 0.6));
        await reverseOrderCredits(db(), {
          orderId: order.id,
          refundedCentsTotal: total,
          reason: 'property',
          method: 'stripe',
          reference: `re_p_${order.id}_${step}`,
          dispute: random() < 0.2,
        });
        const account = await findCreditAccount(db(), userId);
        expect(account!.balance).toBeGreaterThanOrEqual(0);
        await expectLedgerInvariant(db(), userId);
      }
      const after = await findOrderById(db(), order.id);
      expect(after!.creditsReversed).toBeLessThanOrEqual(order.credits);
      expect(after!.refundedCents).toBe(total);
    }
  });
});
