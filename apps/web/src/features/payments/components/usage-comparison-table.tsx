import type { CreditPackage } from '@lumen/core/credits/schemas';
import { FREE_PLAN, packageCardName, usesFor } from '@lumen/core/credits/rules';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
import type { ServiceDetails } from '@/lib/service-details.ts';

function usesCell(credits: number, cost: number): string {
  const uses = usesFor(credits, cost);
  return uses === 'unlimited' ? 'Unlimited' : String(uses);
}

/** 'Service Usage Comparison': uses = floor(credits / cost) per service and plan. */
export function UsageComparisonTable({ packages, services }: { packages: CreditPackage[]; services: ServiceDetails[] }) {
  const plans = [
    { id: FREE_PLAN.id, name: FREE_PLAN.name, credits: FREE_PLAN.credits },
    ...packages.map((pkg, index) => ({ id: pkg.id, name: packageCardName(pkg, index), credits: pkg.creditsAmount })),
  ];
  return (
    <section aria-labelledby="usage-heading" className="mt-12">
      <h2 id="usage-heading" className="text-xl font-semibold text-slate-900">
        Service Usage Comparison
      </h2>
      <p className="mt-1 text-sm text-slate-600">How many times you can use each service with each plan.</p>
      <div className="mt-4">
        <Table caption="Uses per service for each plan">
          <THead>
            <tr>
              <Th>Service</Th>
              {plans.map((plan) => (
                <Th key={plan.id}>
                  {plan.name}
                  <span className="block text-xs font-normal text-slate-500">{plan.credits} credits</span>
                </Th>
              ))}
            </tr>
          </THead>
          <tbody>
            {services.map((service) => (
              <Tr key={service.key}>
                <Th scope="row" className="font-medium text-slate-900">
                  {service.name}
                </Th>
                {plans.map((plan) => (
                  <Td key={plan.id}>{usesCell(plan.credits, service.cost)}</Td>
                ))}
              </Tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
