import { Link } from 'react-router';
import { pricingStory } from '@lumen/core/credits/pricing-story';
import { balanceStanding, displayedCredit } from '@lumen/core/credits/rules';
import { Card } from '@/components/ui/card.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { usePaymentUsageQuery } from '../api/payment-usage.ts';
import { useMySubscriptionQuery } from '../api/subscription.ts';
import { ENDED_SUBSCRIPTION_STATUSES } from '../api/subscription.ts';

/** How this user buys credits: a running monthly plan, or one-time packages only. */
function BuyingModeCard() {
  const { user } = useAuth();
  const mine = useMySubscriptionQuery(user !== null);
  const subscription = mine.data && !ENDED_SUBSCRIPTION_STATUSES.includes(mine.data.status) ? mine.data : null;
  return (
    <Card aria-label="How you buy credits">
      <p className="text-sm text-slate-600">Monthly plan</p>
      {subscription ? (
        <>
          <p className="mt-1 text-xl font-bold text-slate-900">{subscription.plan.name}</p>
          <p className="mt-1 text-xs text-slate-500">
            {subscription.plan.creditsPerPeriod} credits every {subscription.plan.interval}, on top of any packages you buy.
          </p>
        </>
      ) : (
        <>
          <p className="mt-1 text-xl font-bold text-slate-900">None: pay as you go</p>
          <p className="mt-1 text-xs text-slate-500">{pricingStory.packages}</p>
        </>
      )}
      <Link to="/dashboard/subscription" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
        {subscription ? 'Manage your plan' : 'See monthly plans'}
      </Link>
    </Card>
  );
}

export function CreditSummary() {
  const { user } = useAuth();
  const usage = usePaymentUsageQuery(user !== null);
  const fallback = displayedCredit(user?.credit);
  const balance = usage.data?.balance ?? fallback.balance;
  const spent = usage.data?.spent ?? fallback.spent;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Card>
        <p className="text-sm text-slate-600">Credit balance</p>
        <p className="mt-1 text-3xl font-bold text-slate-900">{balance}</p>
        <p className="mt-1 text-xs text-slate-500">{balanceStanding(balance)}</p>
      </Card>
      <Card>
        <p className="text-sm text-slate-600">Credits spent</p>
        <p className="mt-1 text-3xl font-bold text-slate-900">{spent}</p>
      </Card>
      <BuyingModeCard />
    </div>
  );
}
