import { pricingStory } from '@lumen/core/credits/pricing-story';
import { displayedCredit, FREE_PLAN, usesFor } from '@lumen/core/credits/rules';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { formatUses } from '@/lib/format.ts';
import { costLabel, withCosts } from '@/lib/service-details.ts';
import { useAuth } from '@/session/auth-context.ts';
import { useServiceCostsQuery } from '@/features/credits/api/service-costs.ts';
import { usePaymentUsageQuery } from '../api/payment-usage.ts';
import { PlanGridSection } from '../components/plan-grid-section.tsx';
import { MonthlyPlansSection } from '../components/monthly-plans-section.tsx';

/** /dashboard/subscription: the current plan, the balance and what it buys, plans and packages. */
export function SubscriptionPage() {
  const { user } = useAuth();
  const usage = usePaymentUsageQuery(user !== null);
  const costs = useServiceCostsQuery();
  const balance = usage.data?.balance ?? displayedCredit(user?.credit).balance;
  const hasPurchased = usage.data?.hasPurchased ?? false;
  const planName = hasPurchased ? (usage.data?.plan.name ?? 'Credit packs') : FREE_PLAN.name;
  const services = withCosts(costs.data);

  return (
    <>
      <PageHeader title="Subscription" description="Your plan, your credits and what they buy." />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardTitle>
            Current plan: <span data-testid="current-plan">{planName}</span>
          </CardTitle>
          <CardDescription>
            {hasPurchased
              ? 'You have bought credits: downloads of your results are unlimited.'
              : `The free plan starts you with ${FREE_PLAN.credits} credits. Results can be previewed; downloads are unlimited once you have bought credits.`}
          </CardDescription>
          <p className="mt-3">
            <Badge tone={hasPurchased ? 'success' : 'neutral'}>{hasPurchased ? 'Paid credits' : 'Free plan'}</Badge>
          </p>
        </Card>
        <Card>
          <p className="text-sm text-slate-600">Credit balance</p>
          <p className="mt-1 text-3xl font-bold text-slate-900">{balance}</p>
          <p className="mt-1 text-xs text-slate-500">{pricingStory.neverExpire}</p>
        </Card>
      </div>

      <section aria-labelledby="buys-heading" className="mt-10">
        <h2 id="buys-heading" className="text-lg font-semibold text-slate-900">
          What your credits buy
        </h2>
        <div className="mt-4">
          <DataTable
            caption="Uses your balance buys per service"
            rows={services}
            rowKey={(service) => service.key}
            columns={[
              { header: 'Service', rowHeader: true, className: 'font-medium text-slate-900', cell: (service) => service.name },
              { header: 'Cost', cell: (service) => costLabel(service.cost) },
              { header: 'Uses with your balance', priority: 1, cell: (service) => formatUses(usesFor(balance, service.cost)) },
            ]}
          />
        </div>
      </section>

      <section aria-labelledby="packages-heading" className="mt-10">
        <h2 id="packages-heading" className="text-lg font-semibold text-slate-900">
          Buy credits
        </h2>
        <p className="mb-4 text-sm text-slate-600">{pricingStory.packages} Pick one to continue to payment.</p>
        <PlanGridSection />
      </section>

      <MonthlyPlansSection title="Subscription plans" />
    </>
  );
}
