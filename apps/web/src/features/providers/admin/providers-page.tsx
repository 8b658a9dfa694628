import { useSearchParams } from 'react-router';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { adminSections } from '@/components/admin/admin-sections.ts';
import { defaultProviderHours, providerPeriods, useProviderHealthQuery } from '../api/admin-provider-health.ts';
import { ProviderBudgetBanner } from './provider-budget-banner.tsx';
import { ProviderCallsTable } from './provider-calls-table.tsx';
import { ProviderCircuitsCard } from './provider-circuits-card.tsx';
import { ProviderSpendCard } from './provider-spend-card.tsx';
import { useProviderPricesQuery } from '../api/admin-provider-prices.ts';
import { ProviderPricesCard } from './provider-prices-card.tsx';
import { ServiceMarginsCard } from './service-margins-card.tsx';

function hoursFrom(value: string | null): number {
  const hours = Number(value);
  return providerPeriods.some((period) => period.hours === hours) ? hours : defaultProviderHours;
}

/** Each service's margin, and every provider price with the admin's overrides. */
function PricesSection() {
  const { data, isPending, isError, refetch } = useProviderPricesQuery();
  if (isPending) return <Spinner label="Loading the prices…" />;
  if (isError) return <ErrorState message="Failed to load the prices" onRetry={() => void refetch()} />;
  return (
    <div className="mt-4 grid gap-4 [&>*]:min-w-0">
      <ServiceMarginsCard data={data} />
      <ProviderPricesCard data={data} />
    </div>
  );
}

/**
 * /admin/providers: the hosted AI providers' calls, success rate and latency over a period, today's spend against the
 * budget, each service's margin and the provider prices.
 */
export function AdminProvidersPage() {
  const [params, setParams] = useSearchParams();
  const hours = hoursFrom(params.get('hours'));
  const { data, isPending, isError, refetch } = useProviderHealthQuery(hours);
  const periodLabel = providerPeriods.find((period) => period.hours === hours)?.label ?? '';
  return (
    <>
      <PageHeader eyebrow="Admin" title={adminSections.providers.title} description={adminSections.providers.description} />
      {isPending ? (
        <Spinner label="Loading the providers…" />
      ) : isError ? (
        <ErrorState message="Failed to load the providers" onRetry={() => void refetch()} />
      ) : (
        <>
          {data.spend.capReached && <ProviderBudgetBanner />}
          <div className="grid items-start gap-4 lg:grid-cols-3 [&>*]:min-w-0">
            <ProviderSpendCard spend={data.spend} />
            <Card className="lg:col-span-2">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
                <div>
                  <CardTitle>Calls</CardTitle>
                  <CardDescription>
                    {periodLabel}, since {formatDateTime(data.since)}.
                  </CardDescription>
                </div>
                <div className="sm:w-48">
                  <Label htmlFor="provider-period">Period</Label>
                  <Select
                    id="provider-period"
                    className="mt-1"
                    value={hours}
                    onChange={(event) => setParams({ hours: event.target.value }, { replace: true })}
                  >
                    {providerPeriods.map((period) => (
                      <option key={period.hours} value={period.hours}>
                        {period.label}
                      </option>
                    ))}
                  </Select>
                </div>
              </div>
              <div className="mt-4">
                {data.providers.length === 0 ? (
                  <EmptyState title="No calls to hosted providers in this period.">
                    Tools on the offline engine make no provider calls.
                  </EmptyState>
                ) : (
                  <ProviderCallsTable rows={data.providers} />
                )}
              </div>
            </Card>
            <ProviderCircuitsCard circuits={data.circuits} />
          </div>
        </>
      )}
      <PricesSection />
    </>
  );
}
