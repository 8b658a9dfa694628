import { lazy, Suspense } from 'react';
import { pricingStory } from '@lumen/core/credits/pricing-story';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { ENDED_SUBSCRIPTION_STATUSES, useMySubscriptionQuery } from '../api/subscription.ts';
import { SubscriptionPlansList } from './subscription-plans-list.tsx';

// Only a subscriber sees it: its cancel dialog (Radix Dialog) stays out of the public pricing page's first load.
const CurrentSubscription = lazy(() => import('./current-subscription.tsx').then((module) => ({ default: module.CurrentSubscription })));

/** The optional monthly plans beside the one-time packages: the user's own subscription, if any, and the plans on offer. */
export function MonthlyPlansSection({ title = 'Monthly plans' }: { title?: string }) {
  const { user } = useAuth();
  const mine = useMySubscriptionQuery(user !== null);
  const subscription = mine.data ?? null;
  const subscribed = subscription !== null && !ENDED_SUBSCRIPTION_STATUSES.includes(subscription.status);
  return (
    <section aria-labelledby="monthly-plans-heading" className="mt-10">
      <h2 id="monthly-plans-heading" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{pricingStory.plans}</p>
      {subscription && (
        <div className="mb-4">
          <Suspense fallback={<Spinner label="Loading your subscription…" />}>
            <CurrentSubscription subscription={subscription} />
          </Suspense>
        </div>
      )}
      <SubscriptionPlansList currentPlanId={subscribed ? subscription?.plan.id : null} subscribed={subscribed} />
    </section>
  );
}
