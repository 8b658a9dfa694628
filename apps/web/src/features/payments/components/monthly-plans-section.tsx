import { pricingStory } from '@lumen/core/credits/pricing-story';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { useMySubscriptionQuery } from '../api/subscription.ts';
import { CurrentSubscription, ENDED_SUBSCRIPTION_STATUSES } from './current-subscription.tsx';
import { SubscriptionPlansList } from './subscription-plans-list.tsx';

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
          <CurrentSubscription subscription={subscription} />
        </div>
      )}
      <SubscriptionPlansList currentPlanId={subscribed ? subscription?.plan.id : null} subscribed={subscribed} />
    </section>
  );
}
