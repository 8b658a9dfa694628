import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { BalanceCards } from '../components/balance-cards.tsx';
import { ServiceUsesList } from '../components/service-uses-list.tsx';
import { useCreditOverview } from '../components/use-credit-overview.ts';

export function DashboardHomePage() {
  const { user } = useAuth();
  const { balance, spent, services } = useCreditOverview();
  return (
    <>
      <PageHeader
        title={`Welcome, ${user?.firstName ?? 'creator'}!`}
        description="Pick a tool to start creating. Each run shows its credit cost before you start."
      />
      <BalanceCards balance={balance} spent={spent} />
      <section aria-labelledby="tools-heading" className="mt-10">
        <h2 id="tools-heading" className="text-lg font-semibold text-slate-900">
          Tools and uses left
        </h2>
        <ServiceUsesList services={services} />
      </section>
    </>
  );
}
