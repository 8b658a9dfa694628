import { FREE_PLAN, packageCardName, visiblePackages } from '@lumen/core/credits/rules';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useCreditPackagesQuery } from '../api/credit-packages.ts';
import { useAdminServiceCostsQuery } from '../api/admin-service-costs.ts';
import { ServiceCostRow } from './service-cost-row.tsx';
import type { PlanCredits } from './cost-effects.ts';

/** /admin/service-costs: each service's credit cost, with the effect on uses shown before saving. */
export function ServiceCostsPage() {
  const { data, isPending, isError, refetch } = useAdminServiceCostsQuery();
  const packages = useCreditPackagesQuery();
  const plans: PlanCredits[] = [
    { name: FREE_PLAN.name, credits: FREE_PLAN.credits },
    ...visiblePackages(packages.data ?? []).map((pkg, index) => ({ name: packageCardName(pkg, index), credits: pkg.creditsAmount })),
  ];
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Service costs"
        description="The credits each AI service charges per use (0 = unlimited). Jobs already charged keep the cost they were charged; the pricing page shows the new costs at once."
      />
      {isPending ? (
        <Spinner label="Loading service costs…" />
      ) : isError ? (
        <ErrorState message="Failed to load service costs" onRetry={() => void refetch()} />
      ) : (
        <ul className="space-y-4">
          {data.map((service) => (
            <ServiceCostRow key={`${service.serviceKey}-${service.updatedAt}`} service={service} plans={plans} />
          ))}
        </ul>
      )}
    </>
  );
}
