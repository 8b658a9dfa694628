import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autoTopUpMessages, autoTopUpSettingsSchema } from '@lumen/core/payments/auto-top-up';
import { testCards } from '@lumen/core/payments/card';
import { appWithAdmin, seededPackage, verifiedBuyer } from '../../../test/card-helpers.ts';
import { expectLedgerInvariant, setBalance } from '../../../test/credit-helpers.ts';
import { salesPilotJob, submitJob, until } from '../../../test/job-helpers.ts';
import { mailsTo } from '../../../test/mail-helpers.ts';
import { listLedgerEntries } from '../../credits/credits.repository.ts';
import { users } from '../../users/tables.ts';
import { orders } from '../orders/tables.ts';

/**
 * Never run dry (issue 38 point 7) with the built-in sandbox card provider: the low-balance e-mail once per crossing,
 * and automatic top-up started by the balance trigger of the one-statement job charge.
 */
const { app, db, call } = appWithAdmin();

type Buyer = Awaited<ReturnType<typeof verifiedBuyer>> & { email: string };

/** A verified user who bought the first package by card (the card is saved), then holds `balance` credits. */
async function buyerWithCard(balance: number, cardNumber: string = testCards.succeeds): Promise<Buyer> {
  const buyer = await verifiedBuyer(app(), db(), 0);
  const pack = await seededPackage(db());
  const intent = await call('POST', '/credits/purchase/stripe/create-payment-intent', buyer.token, { packageId: pack.id });
  expect(intent.statusCode, intent.body).toBe(200);
  const confirmed = await call('POST', '/payment/test-mode/card/confirm', buyer.token, {
    clientSecret: intent.json().data.clientSecret,
    cardNumber,
    expiry: '12/34',
    cvc: '123',
  });
  expect(confirmed.json().data.status).toBe('succeeded');
  await setBalance(db(), buyer.id, balance);
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, buyer.id));
  return { ...buyer, email: user!.email };
}

async function saveSettings(buyer: Buyer, body: Record<string, unknown>) {
  const pack = await seededPackage(db());
  const response = await app().inject({
    method: 'PUT',
    url: '/api/v1/payment/auto-top-up',
    headers: buyer.headers,
    payload: { enabled: true, threshold: 5, packageId: pack.id, monthlyLimit: 3, lowBalanceEmail: true, ...body },
  });
  return response;
}

async function settingsOf(buyer: Buyer) {
  const response = await call('GET', '/payment/auto-top-up', buyer.token);
  expect(response.statusCode, response.body).toBe(200);
  return autoTopUpSettingsSchema.parse(response.json().data);
}

const mailsOf = async (buyer: Buyer, template: string) => (await mailsTo(app(), buyer.email)).filter((mail) => mail.template === template);

async function charge(buyer: Buyer, count: number) {
  const responses = await Promise.all(Array.from({ length: count }, () => submitJob(app(), buyer.token, salesPilotJob)));
  return responses.map((response) => response.statusCode);
}

/** Every automatic top-up of the buyer has ended (the background run after the debit's commit). */
async function topUpsSettled(buyer: Buyer, count: number) {
  await until(async () => {
    const { history } = await settingsOf(buyer);
    return history.length === count && history.every((item) => item.status !== 'pending');
  }, `${count} finished top-ups`);
  await app().backgroundTasks.drain();
}

const purchasesOf = async (buyer: Buyer) =>
  (await listLedgerEntries(db(), buyer.id)).filter((entry) => entry.kind === 'purchase' && entry.reason?.includes('automatic top-up'));

describe('the low-balance e-mail', () => {
  it('is sent once when the balance falls from above 2 to 2 or less, and again only after it rose and fell again', async () => {
    const buyer = await verifiedBuyer(app(), db(), 4);
    const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, buyer.id));
    const person = { ...buyer, email: user!.email };
    expect(await charge(person, 1)).toEqual([201]); // 3: above the mark
    await app().backgroundTasks.drain();
    expect(await mailsOf(person, 'low_balance')).toHaveLength(0);

    expect(await charge(person, 1)).toEqual([201]); // 2: the crossing
    await until(async () => (await mailsOf(person, 'low_balance')).length === 1, 'the low-balance e-mail');
    const [mail] = await mailsOf(person, 'low_balance');
    expect(mail!.subject).toBe('Your balance is low: 2 credits left');
    expect(mail!.text).toContain('/dashboard/account/billing');

    expect(await charge(person, 2)).toEqual([201, 201]); // 1, 0: still low, no new e-mail
    await app().cardPayments.topUps.mailLowBalance(null);
    expect(await mailsOf(person, 'low_balance')).toHaveLength(1);

    await setBalance(db(), buyer.id, 3); // back above the mark (a grant)
    expect(await charge(person, 1)).toEqual([201]); // 2: a new crossing
    await until(async () => (await mailsOf(person, 'low_balance')).length === 2, 'the second low-balance e-mail');
  });

  it('is not sent to a user who turned it off', async () => {
    const buyer = await buyerWithCard(3);
    await app().cardPayments.topUps.mailLowBalance(null);
    const before = (await mailsOf(buyer, 'low_balance')).length; // the set-up's own drop to 0 before the purchase
    const saved = await saveSettings(buyer, { enabled: false, lowBalanceEmail: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ enabled: false, lowBalanceEmail: false });
    expect(await charge(buyer, 1)).toEqual([201]);
    await app().cardPayments.topUps.mailLowBalance(null);
    expect(await mailsOf(buyer, 'low_balance')).toHaveLength(before);
  });
});

describe('the settings', () => {
  it('start off with defaults and show the saved card; turning on without a card is a 409 with what to do', async () => {
    const noCard = await verifiedBuyer(app(), db(), 10);
    const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, noCard.id));
    const person = { ...noCard, email: user!.email };
    expect(await settingsOf(person)).toMatchObject({ enabled: false, threshold: 5, monthlyLimit: 3, card: null, history: [] });
    const refused = await saveSettings(person, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/buy credits once by card/);

    const buyer = await buyerWithCard(10);
    expect((await settingsOf(buyer)).card).toMatchObject({ brand: 'visa', last4: '4242' });
    const saved = await saveSettings(buyer, { threshold: 8, monthlyLimit: 2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ enabled: true, threshold: 8, monthlyLimit: 2, usedThisMonth: 0 });
  });

  it('removing the last saved card turns it off at once, with the reason shown, and no purchase is tried', async () => {
    const buyer = await buyerWithCard(10);
    expect((await saveSettings(buyer, { threshold: 5 })).statusCode).toBe(200);
    const card = (await settingsOf(buyer)).card!;
    const removed = await call('DELETE', `/payment/methods/${card.id}`, buyer.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual([]);
    expect(await settingsOf(buyer)).toMatchObject({ enabled: false, card: null, disabledReason: autoTopUpMessages.cardRemoved });

    // The balance falls under the threshold: nothing is claimed, since top-up is off.
    await setBalance(db(), buyer.id, 6);
    expect(await charge(buyer, 2)).toEqual([201, 201]);
    await app().backgroundTasks.drain();
    expect((await settingsOf(buyer)).history).toEqual([]);
  });

  it('refuses bad values field by field (400)', async () => {
    const buyer = await buyerWithCard(10);
    const bad = await saveSettings(buyer, { threshold: 0, monthlyLimit: 100 });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().error.details as { field: string }[]).map((detail) => detail.field).sort();
    expect(fields).toEqual(['monthlyLimit', 'threshold']);
    const noPackage = await saveSettings(buyer, { packageId: null });
    expect(noPackage.statusCode).toBe(400);
    expect(noPackage.json().error.details[0].field).toBe('packageId');
  });
});

describe('automatic top-up', () => {
  it('50 parallel job charges crossing the threshold start one purchase and one grant, paid with the saved card and mailed', async () => {
    const buyer = await buyerWithCard(60);
    const pack = await seededPackage(db());
    expect((await saveSettings(buyer, { threshold: 20 })).statusCode).toBe(200);

    const started = Date.now();
    const statuses = await charge(buyer, 50);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    await topUpsSettled(buyer, 1);
    const elapsedMs = Date.now() - started;

    const settings = await settingsOf(buyer);
    expect(settings.history).toHaveLength(1);
    expect(settings.history[0]).toMatchObject({ status: 'succeeded', credits: pack.creditsAmount, amountCents: pack.priceCents });
    expect(settings.history[0]!.balanceAtTrigger).toBe(19);
    expect(settings.usedThisMonth).toBe(1);
    const purchases = await purchasesOf(buyer);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.amount).toBe(pack.creditsAmount);
    const topUpOrders = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.userId, buyer.id), eq(orders.id, settings.history[0]!.orderId!)));
    expect(topUpOrders[0]).toMatchObject({ status: 'paid', paymentMethodLabel: 'Visa •••• 4242', credits: pack.creditsAmount });
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(60 - 50 + pack.creditsAmount);
    const [mail] = await mailsOf(buyer, 'auto_top_up');
    expect(mail!.subject).toBe(`Automatic top-up: ${pack.creditsAmount} credits added`);
    console.info(`50 parallel charges: 1 claim, 1 purchase, 1 grant of ${pack.creditsAmount} credits; settled in ${elapsedMs} ms`);
  });

  it('stops at the monthly limit', async () => {
    const buyer = await buyerWithCard(6);
    const pack = await seededPackage(db());
    expect((await saveSettings(buyer, { threshold: 5, monthlyLimit: 2 })).statusCode).toBe(200);
    for (let round = 1; round <= 3; round += 1) {
      // Down to 4 credits: below the threshold of 5.
      const count = (await expectLedgerInvariant(db(), buyer.id)) - 4;
      expect(await charge(buyer, count)).toEqual(Array(count).fill(201));
      if (round <= 2) await topUpsSettled(buyer, round);
      else await app().cardPayments.topUps.runPending(null);
    }
    expect(await purchasesOf(buyer)).toHaveLength(2);
    expect(await settingsOf(buyer)).toMatchObject({ enabled: true, usedThisMonth: 2 });
    expect((await settingsOf(buyer)).history).toHaveLength(2);
    expect(await expectLedgerInvariant(db(), buyer.id)).toBe(4);
    expect(pack.creditsAmount).toBeGreaterThan(1);
  });

  it('a card declined off-session turns it off with the reason, e-mails the user and grants nothing', async () => {
    const buyer = await buyerWithCard(6, testCards.declinesOffSession);
    expect((await settingsOf(buyer)).card?.last4).toBe('0341');
    expect((await saveSettings(buyer, { threshold: 5 })).statusCode).toBe(200);
    expect(await charge(buyer, 2)).toEqual([201, 201]);
    await topUpsSettled(buyer, 1);
    const settings = await settingsOf(buyer);
    expect(settings).toMatchObject({ enabled: false, disabledReason: 'Your card was declined.' });
    expect(settings.history[0]).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
      failureMessage: 'Your card was declined.',
    });
    const [order] = await db().select().from(orders).where(eq(orders.id, settings.history[0]!.orderId!));
    expect(order).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await purchasesOf(buyer)).toHaveLength(0);
    const [mail] = await mailsOf(buyer, 'auto_top_up_failed');
    expect(mail!.text).toContain('Your card was declined.');

    // Off: the next debits claim nothing until the user turns it on again.
    expect(await charge(buyer, 1)).toEqual([201]);
    await app().cardPayments.topUps.runPending(null);
    expect((await settingsOf(buyer)).history).toHaveLength(1);
  });
});
