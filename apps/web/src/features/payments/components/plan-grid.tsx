import type { CreditPackage } from '@lumen/core/credits/schemas';
import { FREE_PLAN, packageCardLabel, packageCardName } from '@lumen/core/credits/rules';
import type { ServiceDetails } from '@/lib/service-details.ts';
import { useAuth } from '@/session/auth-context.ts';
import { PlanCard } from './plan-card.tsx';
import { usePlanClick } from './use-plan-click.ts';

/**
 * The plan card grid: the free Starter plan plus one card per active package,
 * named and labelled by packageCardName/packageCardLabel in @lumen/core. Shared by the pricing page, the upgrade modal and the subscription page.
 */
export function PlanGrid({
  packages,
  services,
  selectedId,
  onSelect,
  beforePayment,
}: {
  /** the active packages, in order */
  packages: CreditPackage[];
  services: ServiceDetails[];
  selectedId: string | null;
  onSelect: (packageId: string) => void;
  /** called before the payment dialog or the sign-up modal opens (the upgrade modal closes itself) */
  beforePayment?: () => void;
}) {
  const { user } = useAuth();
  const onPlanClick = usePlanClick({ onSelect, beforePayment });
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      <PlanCard
        id={FREE_PLAN.id}
        name={FREE_PLAN.name}
        price={FREE_PLAN.price}
        credits={FREE_PLAN.credits}
        services={services}
        buttonLabel={user ? 'Current Plan' : 'Get Started Free'}
        buttonDisabled={Boolean(user)}
        onClick={() => onPlanClick('free')}
      />
      {packages.map((pkg, index) => {
        const cardName = packageCardName(pkg, index);
        return (
          <PlanCard
            key={pkg.id}
            id={pkg.id}
            name={cardName}
            label={packageCardLabel(pkg, index)}
            price={pkg.price}
            credits={pkg.creditsAmount}
            services={services}
            isSelected={pkg.id === selectedId}
            buttonLabel={`Buy ${cardName}`}
            onClick={() => onPlanClick({ pkg, cardName })}
          />
        );
      })}
    </div>
  );
}
