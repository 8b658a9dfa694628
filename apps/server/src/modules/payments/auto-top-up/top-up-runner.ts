import type { AutoTopUpFailureCode } from '@lumen/core/payments/auto-top-up';
import { formatInvoiceNumber } from '@lumen/core/payments/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { findActivePackage } from '../../credits/index.ts';
import { autoTopUpFailedMail, autoTopUpMail, lowBalanceMail } from '../../mail/index.ts';
import type { Mailer } from '../../mail/index.ts';
import { cardLabel, findDefaultMethod } from '../card/index.ts';
import type { CardProvider } from '../card/index.ts';
import {
  createCreditPackOrder,
  findBuyer,
  findOrderById,
  formatMoney,
  markOrderPaid,
  markOrderUnpaid,
  setOrderProviderPaymentId,
  updateOrder,
} from '../orders/index.ts';
import type { OrderRow } from '../orders/tables.ts';
import {
  findSettings,
  findTopUpForUpdate,
  finishTopUp,
  markAlertMailed,
  setTopUpOrder,
  takeLowBalanceAlerts,
  takePendingTopUp,
} from './auto-top-up.repository.ts';
import type { AutoTopUpRow } from './tables.ts';

/** A run that has not ended within this is taken over (same order, same idempotency key at the processor). */
export const TOP_UP_RETRY_AFTER_MS = 2 * 60_000;
/** Runs that could not reach the processor; after this many the top-up fails and turns itself off. */
export const TOP_UP_MAX_TRIES = 5;

export const topUpFailureMessages: Record<Exclude<AutoTopUpFailureCode, 'card_declined' | 'authentication_required'>, string> = {
  no_saved_card: 'There is no saved card to pay with.',
  package_unavailable: 'The chosen credit package is no longer offered.',
  processor_unavailable: 'The card processor could not be reached.',
};

export type TopUpRunnerDeps = {
  db: Db;
  provider: CardProvider;
  /** The user's customer at the processor (made once; card-payments.service). */
  customerFor(userId: string): Promise<string>;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
};

/**
 * Runs claimed top-ups and mails low-balance alerts. A top-up buys its package through the same paid-order path as a
 * card purchase: an order made once per top-up, the card charged off-session with the idempotency key
 * `auto-top-up:<id>`, and the order marked paid by whichever comes first, the processor's answer or its
 * payment_intent.succeeded webhook (markOrderPaid grants `order:<id>` once).
 */
export function createTopUpRunner(deps: TopUpRunnerDeps) {
  const { db, provider } = deps;

  async function mail(userId: string, render: (person: { firstName: string }) => Parameters<Mailer['send']>[1]): Promise<void> {
    try {
      const buyer = await findBuyer(db, userId);
      if (buyer) await deps.mailer.send(buyer.email, render(buyer));
    } catch (error) {
      deps.log.warn({ err: error, userId }, 'could not mail about automatic top-up or a low balance');
    }
  }

  /** The top-up's order: made on its first run, found again on a retry (the row is locked meanwhile). */
  async function orderOf(topUp: AutoTopUpRow, packageId: string): Promise<OrderRow> {
    return db.transaction(async (tx) => {
      const locked = await findTopUpForUpdate(tx, topUp.id);
      const existing = locked?.orderId ? await findOrderById(tx, locked.orderId) : null;
      if (existing) return existing;
      const created = await createCreditPackOrder(tx, { userId: topUp.userId, packageId, provider: 'stripe', testMode: provider.testMode });
      const order = await updateOrder(tx, created.id, { description: `${created.description} (automatic top-up)` });
      await setTopUpOrder(tx, topUp.id, order.id);
      return order;
    });
  }

  async function fail(
    topUp: AutoTopUpRow,
    failure: { code: AutoTopUpFailureCode; message: string },
    money: { packageName: string; amount: string },
  ) {
    const ended = await finishTopUp(db, topUp, { status: 'failed', ...failure });
    if (!ended) return;
    deps.log.info({ topUpId: topUp.id, code: failure.code }, 'automatic top-up failed; turned off');
    await mail(topUp.userId, (person) => autoTopUpFailedMail(person, { ...money, reason: failure.message, publicUrl: deps.publicUrl }));
  }

  async function run(topUp: AutoTopUpRow): Promise<void> {
    const pack = topUp.creditPackageId ? await findActivePackage(db, topUp.creditPackageId) : null;
    const unknownMoney = { packageName: 'your credit package', amount: 'its price' };
    if (!pack) return fail(topUp, { code: 'package_unavailable', message: topUpFailureMessages.package_unavailable }, unknownMoney);
    const card = await findDefaultMethod(db, topUp.userId);
    const money = { packageName: pack.name, amount: formatMoney(pack.priceCents, 'usd') };
    if (!card) return fail(topUp, { code: 'no_saved_card', message: topUpFailureMessages.no_saved_card }, money);
    const order = await orderOf(topUp, pack.id);
    let result;
    try {
      const customerId = await deps.customerFor(topUp.userId);
      result = await provider.chargeOffSession({
        orderId: order.id,
        userId: topUp.userId,
        amountCents: order.amountCents,
        currency: order.currency,
        description: order.description,
        customerId,
        paymentMethodId: card.providerMethodId,
        idempotencyKey: `auto-top-up:${topUp.id}`,
      });
    } catch (error) {
      deps.log.warn({ err: error, topUpId: topUp.id, tries: topUp.tries }, 'automatic top-up could not reach the card processor');
      if (topUp.tries < TOP_UP_MAX_TRIES) return; // taken again after TOP_UP_RETRY_AFTER_MS
      await markOrderUnpaid(db, order.id, 'failed', topUpFailureMessages.processor_unavailable);
      return fail(topUp, { code: 'processor_unavailable', message: topUpFailureMessages.processor_unavailable }, money);
    }
    if (result.status === 'failed') {
      await markOrderUnpaid(db, order.id, 'failed', result.message);
      return fail(topUp, { code: result.code, message: result.message }, money);
    }
    const current = await findOrderById(db, order.id);
    if (!current?.providerPaymentId) await setOrderProviderPaymentId(db, order.id, result.paymentIntentId);
    const { order: paid } = await markOrderPaid(db, order.id, { paymentMethodLabel: cardLabel(card), reopenExpired: true });
    if (!(await finishTopUp(db, topUp, { status: 'succeeded' }))) return;
    await mail(topUp.userId, (person) =>
      autoTopUpMail(person, {
        packageName: pack.name,
        credits: order.credits,
        amount: money.amount,
        card: cardLabel(card),
        receiptNumber: formatInvoiceNumber(paid.invoiceNumber),
        publicUrl: deps.publicUrl,
      }),
    );
  }

  return {
    /** Runs every pending top-up of the user (null: anyone's, the sweep) that no other process is running. */
    async runPending(userId: string | null): Promise<number> {
      let count = 0;
      for (let topUp = await takePendingTopUp(db, { userId, retryAfterMs: TOP_UP_RETRY_AFTER_MS }); topUp;) {
        await run(topUp);
        count += 1;
        topUp = await takePendingTopUp(db, { userId, retryAfterMs: TOP_UP_RETRY_AFTER_MS });
      }
      return count;
    },

    /** Mails each unhandled low-balance alert once, unless the user turned these e-mails off. */
    async mailLowBalance(userId: string | null): Promise<number> {
      let mailed = 0;
      for (let alerts = await takeLowBalanceAlerts(db, userId); alerts.length > 0; alerts = await takeLowBalanceAlerts(db, userId)) {
        for (const alert of alerts) {
          const settings = await findSettings(db, alert.userId);
          if (settings && !settings.lowBalanceEmail) continue;
          await mail(alert.userId, (person) =>
            lowBalanceMail(person, { balance: alert.balance, autoTopUpOn: settings?.enabled ?? false, publicUrl: deps.publicUrl }),
          );
          await markAlertMailed(db, alert.id);
          mailed += 1;
        }
      }
      return mailed;
    },
  };
}

export type TopUpRunner = ReturnType<typeof createTopUpRunner>;
