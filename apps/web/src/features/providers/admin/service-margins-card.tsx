import { toast } from 'sonner';
import { providerDisplayNames } from '@lumen/core/services/providers';
import type { ProviderPrices } from '@lumen/core/admin/provider-prices';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useAllowBelowCost } from '../api/admin-provider-prices.ts';
import { formatMicroUsd } from '@/lib/money-format.ts';

type ServiceMargin = ProviderPrices['services'][number];

const usd = (value: number | null) => (value === null ? 'Unknown' : formatMicroUsd(Math.round(value * 1e6)));

function Verdict({ row }: { row: ServiceMargin }) {
  if (row.engine === 'builtin') return <Badge tone="neutral">Built in, no provider cost</Badge>;
  if (row.belowCost) return <Badge tone="danger">{row.expectedUsd === null ? 'Cost unknown' : 'Below cost'}</Badge>;
  if (row.withinHalf === false) return <Badge tone="warning">Above half the credit value</Badge>;
  if (row.withinHalf === null) return <Badge tone="neutral">No credit value</Badge>;
  return <Badge tone="success">Within half</Badge>;
}

/** Whether a below-cost service's jobs may run: off, they are refused before any credit moves. */
function AllowSwitch({ row }: { row: ServiceMargin }) {
  const allow = useAllowBelowCost();
  if (!row.belowCost && !row.allowedBelowCost) return <span className="text-slate-400">—</span>;
  return (
    <Switch
      checked={row.allowedBelowCost}
      disabled={allow.isPending}
      aria-label={`Allow ${row.name} to sell below cost`}
      onCheckedChange={(allowed) =>
        allow.mutate(
          { service: row.service, allowed },
          {
            onSuccess: () => toast.success(allowed ? `${row.name} may now sell below cost` : `${row.name} jobs below cost are refused`),
            onError: (failure) => toast.error('Failed to save', { description: errorMessage(failure, '') || undefined }),
          },
        )
      }
    />
  );
}

/**
 * Each service's credit value (credits × what a credit earns), its expected provider cost at default parameters
 * (the dearest of its providers, since a job may fall back to any) and the margin; below cost, its jobs are refused
 * unless allowed here.
 */
export function ServiceMarginsCard({ data }: { data: ProviderPrices }) {
  const { usdPerCredit, packageName } = data.creditValue;
  const refused = data.services.filter((row) => row.belowCost && !row.allowedBelowCost);
  return (
    <Card>
      <CardTitle>Margins</CardTitle>
      <CardDescription>
        {usdPerCredit === null
          ? 'No active credit package: a credit has no value to compare with.'
          : `A credit earns ${usd(usdPerCredit)} (${packageName}, the cheapest credit of the active packages; no card fee deducted).`}{' '}
        The expected cost is at default parameters, at the dearest of the service’s providers. The shipped defaults keep it at or under half
        the credit value.
      </CardDescription>
      {refused.length > 0 && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          Selling below cost: {refused.map((row) => row.name).join(', ')}. Their jobs are refused until you allow them here or change their
          price, provider or credit cost.
        </p>
      )}
      <div className="mt-4">
        <DataTable
          caption="Expected provider cost and margin per service"
          rows={data.services}
          rowKey={(row) => row.service}
          columns={[
            { header: 'Service', cell: (row) => row.name, rowHeader: true, className: 'font-medium text-slate-900' },
            {
              header: 'Providers',
              cell: (row) =>
                row.providers.length === 0
                  ? 'Built in'
                  : row.providers.map((p) => `${providerDisplayNames[p.provider]} ${usd(p.expectedUsd)}`).join(', '),
            },
            { header: 'Credits', cell: (row) => row.credits, align: 'right' },
            { header: 'Credit value', cell: (row) => usd(row.revenueUsd), align: 'right', className: 'whitespace-nowrap' },
            { header: 'Expected cost', cell: (row) => usd(row.expectedUsd), align: 'right', className: 'whitespace-nowrap' },
            { header: 'Margin', cell: (row) => usd(row.marginUsd), align: 'right', className: 'whitespace-nowrap' },
            { header: 'Status', cell: (row) => <Verdict row={row} /> },
            { header: 'Allow below cost', cell: (row) => <AllowSwitch row={row} /> },
          ]}
        />
      </div>
    </Card>
  );
}
