import { AppError } from '../../../../plugins/app-error.ts';
import type { ProviderSubscriptionState } from '../../card/index.ts';
import { emitInvoicePaid } from './sandbox-card-events.ts';
import type { SandboxCardStore, TestSubscription } from './sandbox-card-store.ts';
import { addInterval, idempotent } from './sandbox-card-store.ts';

/** Subscriptions of the sandbox card provider: cancel, reactivate and renew (each renewal is an invoice.paid). */

function subscriptionState(subscription: TestSubscription): ProviderSubscriptionState {
  return {
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodStart: subscription.periodStart,
    currentPeriodEnd: subscription.periodEnd,
  };
}

function knownSubscription(store: SandboxCardStore, providerSubscriptionId: string): TestSubscription {
  const subscription = store.subscriptions.get(providerSubscriptionId);
  if (!subscription) throw new AppError('NOT_FOUND', 404, 'The test provider does not know this subscription (the server restarted)');
  return subscription;
}

export function cancelSubscription(
  store: SandboxCardStore,
  providerSubscriptionId: string,
  { immediately, idempotencyKey }: { immediately: boolean; idempotencyKey: string },
): Promise<ProviderSubscriptionState> {
  return idempotent(store, idempotencyKey, () => {
    const subscription = knownSubscription(store, providerSubscriptionId);
    if (immediately) subscription.status = 'canceled';
    else subscription.cancelAtPeriodEnd = true;
    return subscriptionState(subscription);
  });
}

export function reactivateSubscription(
  store: SandboxCardStore,
  providerSubscriptionId: string,
  idempotencyKey: string,
): Promise<ProviderSubscriptionState> {
  return idempotent(store, idempotencyKey, () => {
    const subscription = knownSubscription(store, providerSubscriptionId);
    subscription.cancelAtPeriodEnd = false;
    return subscriptionState(subscription);
  });
}

/** Bills the next period of a subscription (invoice.paid), as Stripe does at each renewal. */
export async function renewSubscription(store: SandboxCardStore, providerSubscriptionId: string): Promise<void> {
  const subscription = store.subscriptions.get(providerSubscriptionId);
  if (!subscription) throw new AppError('NOT_FOUND', 404, 'Unknown test subscription');
  if (subscription.status === 'canceled') throw new AppError('CONFLICT', 409, 'The subscription is canceled');
  subscription.periodStart = subscription.periodEnd;
  subscription.periodEnd = addInterval(subscription.periodStart, subscription.interval);
  await emitInvoicePaid(store, subscription, 'subscription_cycle');
}
