import type { ReactNode } from 'react';
import type { AdminJobDetail } from '@lumen/core/jobs/schemas';
import { Card, CardTitle } from '@/components/ui/card.tsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { formatDuration } from '@/components/admin/job-status-badge.tsx';
import { formatMicroUsd } from '@/lib/money-format.ts';

type JobProvider = NonNullable<AdminJobDetail['provider']>;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The hosted provider that ran a job: which model, the provider's request id (to look it up on their side), time and price. */
export function JobProviderCard({ provider }: { provider: JobProvider }) {
  return (
    <section aria-labelledby="job-provider-heading" className="mt-4">
      <Card>
        <CardTitle id="job-provider-heading">Hosted provider</CardTitle>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <Row label="Provider">{provider.name}</Row>
          <Row label="Model">
            <span className="break-all">{provider.model}</span>
          </Row>
          <Row label="Request id">
            {provider.requestId ? (
              <span className="flex flex-wrap items-center gap-2">
                <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all">{provider.requestId}</code>
                <CopyButton value={provider.requestId} label="Copy request id" />
              </span>
            ) : (
              'None recorded'
            )}
          </Row>
          <Row label="Time at the provider">{formatDuration(provider.timeMs)}</Row>
          <Row label="Provider cost">{provider.costMicroUsd === null ? 'No published price' : formatMicroUsd(provider.costMicroUsd)}</Row>
        </dl>
      </Card>
    </section>
  );
}
