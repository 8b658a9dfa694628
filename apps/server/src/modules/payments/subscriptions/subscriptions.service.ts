import { centsToDollars } from '@lumen/core/credits/rules';
import { CRYPTO_SUBSCRIPTION_DOES_NOT_RENEW_MESSAGE } from '@lumen/core/payments/card';
import type { SubscriptionDto } from '@lumen/core/payments/card';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../plugins/app-error.ts';
import {
  assertCardPaymentsConfigured,
  cancelIncompleteSubscriptions,
  findPlan,
  findUserSubscription,
  insertSubscription,
  updateSubscription,
} from '../card/index.ts';
import type { CardPaymentsService } from '../card/index.ts';
import { findActivePlan } from '../plans/index.ts';
import { PLAN_NOT_FOUND_MESSAGE } from '../plans/index.ts';
import type { CardProvider } from '../card/index.ts';
import type { SubscriptionRow } from './tables.ts';

export const NO_SUBSCRIPTION_MESSAGE = 'You have no active subscription';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Subscriptions (decision 022): one non-canceled subscription per user; each paid period is an
 * order granting the plan's credits (invoice.paid); canceling keeps the credits already granted.
 */
export function createSubscriptionsService(deps: {
  db: Db;
  provider: CardProvider;
  cards: Pick<CardPaymentsService, 'customerFor'>;
  publicUrl: string;
  clock: () => Date;
}) {
  const { db, provider } = deps;

  async function toDto(row: SubscriptionRow): Promise<SubscriptionDto> {
    const plan = await findPlan(db, row.planId);
    if (!plan) throw new Error(`Subscription ${row.id} has no plan`);
    return {
      id: row.id,
      status: row.status,
      plan: {
        id: plan.id,
        name: plan.name,
        price: centsToDollars(plan.priceCents),
        interval: plan.interval,
        creditsPerPeriod: plan.creditsPerPeriod,
      },
      currentPeriodStart: iso(row.currentPeriodStart),
      currentPeriodEnd: iso(row.currentPeriodEnd),
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      canceledAt: iso(row.canceledAt),
      renewsAutomatically: row.provider !== 'nowpayments',
      testMode: row.testMode,
    };
  }

  /**
   * The live subscription; one whose period has ended is closed on the way when it was set to
   * cancel, or when it was paid by crypto (each crypto period is paid on its own: nothing renews it).
   */
  async function current(userId: string): Promise<SubscriptionRow | null> {
    const row = await findUserSubscription(db, userId, ['active', 'past_due']);
    const ends = row?.cancelAtPeriodEnd || row?.provider === 'nowpayments';
    if (row && ends && row.currentPeriodEnd && row.currentPeriodEnd <= deps.clock()) {
      await updateSubscription(db, row.id, { status: 'canceled', canceledAt: row.currentPeriodEnd });
      return null;
    }
    return row;
  }

  /** A card subscription needs its Stripe id to be changed; a crypto one has none and is changed here only. */
  async function requireCurrent(userId: string): Promise<SubscriptionRow> {
    const row = await current(userId);
    if (!row || (row.provider === 'stripe' && !row.providerSubscriptionId)) throw new AppError('NOT_FOUND', 404, NO_SUBSCRIPTION_MESSAGE);
    return row;
  }

  /** The card provider's subscription, or null for a crypto-paid one (NOWPayments keeps no subscription). */
  const stripeIdOf = (row: SubscriptionRow) => (row.provider === 'stripe' ? row.providerSubscriptionId : null);

  return {
    async checkout(userId: string, planId: string): Promise<{ sessionId: string; url: string; subscriptionId: string }> {
      assertCardPaymentsConfigured(provider);
      const plan = await findActivePlan(db, planId);
      if (!plan) throw new AppError('NOT_FOUND', 404, PLAN_NOT_FOUND_MESSAGE);
      if (await current(userId)) {
        throw new AppError(
          'CONFLICT',
          409,
          'You already have a subscription: cancel it or wait for it to end before choosing another plan',
        );
      }
      await cancelIncompleteSubscriptions(db, userId);
      const subscription = await insertSubscription(db, { userId, planId: plan.id, provider: 'stripe', testMode: provider.testMode });
      const customerId = await deps.cards.customerFor(userId);
      const session = await provider.createSubscriptionCheckout({
        subscriptionId: subscription.id,
        userId,
        plan: {
          id: plan.id,
          name: plan.name,
          priceCents: plan.priceCents,
          interval: plan.interval,
          creditsPerPeriod: plan.creditsPerPeriod,
        },
        currency: 'usd',
        customerId,
        successUrl: `${deps.publicUrl}/dashboard/billing?payment=success`,
        cancelUrl: `${deps.publicUrl}/pricing?payment=cancelled`,
        idempotencyKey: `subscription:${subscription.id}:checkout`,
      });
      return { sessionId: session.sessionId, url: session.url, subscriptionId: subscription.id };
    },

    async mine(userId: string): Promise<{ subscription: SubscriptionDto | null }> {
      const row = await current(userId);
      return { subscription: row ? await toDto(row) : null };
    },

    /** At the period end by default (credits and access stay until then), or at once. */
    async cancel(userId: string, cancelImmediately: boolean): Promise<SubscriptionDto> {
      const row = await requireCurrent(userId);
      if (!cancelImmediately && row.cancelAtPeriodEnd) return toDto(row);
      const stripeId = stripeIdOf(row);
      const state = stripeId
        ? await provider.cancelSubscription(stripeId, {
            immediately: cancelImmediately,
            // Keyed by the row's state: a retry repeats the same change, a later cancel (after a reactivation) is a new one.
            idempotencyKey: `subscription:${row.id}:cancel:${cancelImmediately ? 'now' : 'period-end'}:${row.updatedAt.getTime()}`,
          })
        : { cancelAtPeriodEnd: true };
      const updated = await updateSubscription(db, row.id, {
        cancelAtPeriodEnd: cancelImmediately ? false : state.cancelAtPeriodEnd,
        ...(cancelImmediately ? { status: 'canceled', canceledAt: deps.clock() } : {}),
      });
      return toDto(updated);
    },

    async reactivate(userId: string): Promise<SubscriptionDto> {
      const row = await requireCurrent(userId);
      if (row.provider === 'nowpayments') throw new AppError('CONFLICT', 409, CRYPTO_SUBSCRIPTION_DOES_NOT_RENEW_MESSAGE);
      if (!row.cancelAtPeriodEnd) {
        throw new AppError('CONFLICT', 409, 'Only a subscription set to cancel at the end of its period can be reactivated');
      }
      const stripeId = stripeIdOf(row);
      if (stripeId) await provider.reactivateSubscription(stripeId, `subscription:${row.id}:reactivate:${row.updatedAt.getTime()}`);
      return toDto(await updateSubscription(db, row.id, { cancelAtPeriodEnd: false }));
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
