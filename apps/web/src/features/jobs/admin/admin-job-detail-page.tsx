import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, ExternalLink, RefreshCcw, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminJobDetail, JobOutput } from '@lumen/core/jobs/schemas';
import { serviceNames } from '@lumen/core/services/catalogue';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardTitle } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { formatDateTime, formatSignedCredits } from '@/lib/format.ts';
import { useAdminJobAction, useAdminJobQuery } from '../api/admin-jobs.ts';
import type { AdminJobAction } from '../api/admin-jobs.ts';
import { JobProviderCard } from './job-provider-card.tsx';
import { formatDuration, JobStatusBadge } from '@/components/admin/job-status-badge.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function FilePreview({ kind, url, name, contentType }: { kind: JobOutput['kind']; url: string; name: string; contentType: string }) {
  if (kind === 'image' || contentType.startsWith('image/')) {
    return (
      <img
        src={url}
        alt={name}
        loading="lazy"
        className="max-h-56 w-full rounded-lg border border-slate-200 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px] object-contain"
      />
    );
  }
  if (kind === 'video')
    return <video src={url} controls preload="metadata" className="max-h-56 w-full rounded-lg bg-black" aria-label={name} />;
  if (kind === 'audio') return <audio src={url} controls preload="none" className="w-full" aria-label={name} />;
  return <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{contentType}</p>;
}

const kb = (size: number) => (size < 1024 * 1024 ? `${(size / 1024).toFixed(1)} KB` : `${(size / 1024 / 1024).toFixed(1)} MB`);

const actionCopy: Record<AdminJobAction, { title: string; description: string; confirm: string; done: string }> = {
  retry: {
    title: 'Retry this job?',
    description:
      'The job is queued again with the same inputs, without charging again. If it was refunded, the refund is reversed by a new charge when the balance allows.',
    confirm: 'Retry job',
    done: 'The job was queued again',
  },
  refund: {
    title: 'Refund this job?',
    description: 'The job’s credits go back to the user’s balance, once. The refund is recorded in the ledger and the audit log.',
    confirm: 'Refund credits',
    done: 'The job was refunded',
  },
};

function JobActions({ job }: { job: AdminJobDetail }) {
  const [open, setOpen] = useState<AdminJobAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const action = useAdminJobAction();
  const close = () => {
    setOpen(null);
    setFailure(null);
    action.reset();
  };
  const confirm = (kind: AdminJobAction) =>
    action.mutate(
      { id: job.id, action: kind },
      {
        onSuccess: () => {
          toast.success(actionCopy[kind].done);
          close();
        },
        onError: (error) =>
          setFailure(isApiError(error) && error.status === 409 ? error.message : errorMessage(error, `Could not ${kind} the job`)),
      },
    );
  const copy = open ? actionCopy[open] : null;
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen('retry')}
        disabled={job.status !== 'failed'}
        title={job.status !== 'failed' ? 'Only failed jobs can be retried' : undefined}
      >
        <RefreshCcw className="h-4 w-4" aria-hidden="true" /> Retry
      </Button>
      <Button
        variant="outline"
        onClick={() => setOpen('refund')}
        disabled={job.refunded || job.cost === 0}
        title={job.refunded ? 'Already refunded' : job.cost === 0 ? 'This job cost nothing' : undefined}
      >
        <Undo2 className="h-4 w-4" aria-hidden="true" /> Refund
      </Button>
      {open && copy && (
        <ConfirmDialog
          open
          onOpenChange={(next) => (next ? undefined : close())}
          title={copy.title}
          description={copy.description}
          confirmLabel={copy.confirm}
          danger={open === 'refund'}
          isPending={action.isPending}
          onConfirm={() => confirm(open)}
        >
          <p className="text-sm text-slate-700">
            {serviceNames[job.service]} job for {job.user.email} · {job.cost} credit{job.cost === 1 ? '' : 's'}
          </p>
          {failure && (
            <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {failure}
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

/** /admin/jobs/:id: one job — user, inputs and outputs with previews, engine, hosted provider, timings, cost, attempts, error, ledger; retry and refund. */
export function AdminJobDetailPage() {
  const { id = '' } = useParams();
  const { data: job, isPending, isError, error, refetch } = useAdminJobQuery(id);
  if (isPending) return <Spinner label="Loading the job…" />;
  if (isError) {
    return (
      <>
        <PageHeader eyebrow="Admin" title="Job details" />
        <ErrorState
          message={isApiError(error) && error.status === 404 ? 'This job does not exist' : 'Failed to load the job'}
          onRetry={() => void refetch()}
        />
      </>
    );
  }
  return (
    <>
      <Link to="/admin/jobs" className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All jobs
      </Link>
      <PageHeader
        eyebrow="Admin · Job"
        title={`${serviceNames[job.service]} job`}
        description={<span className="break-all">ID: {job.id}</span>}
        actions={<JobActions job={job} />}
      />
      <div className="grid gap-4 lg:grid-cols-3 [&>*]:min-w-0">
        <Card>
          <CardTitle>Job</CardTitle>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <Fact label="Status">
              <JobStatusBadge status={job.status} refunded={job.refunded} />
            </Fact>
            <Fact label="Progress">{Math.round(job.progress * 100)}%</Fact>
            <Fact label="Cost">
              {job.cost} credit{job.cost === 1 ? '' : 's'}
            </Fact>
            <Fact label="Attempts">{job.attempts}</Fact>
            <Fact label="Engine">
              {job.engine.kind === 'builtin' ? 'Built-in' : 'Remote'} — {job.engine.label}
            </Fact>
          </dl>
        </Card>
        <Card>
          <CardTitle>User</CardTitle>
          <dl className="mt-3 grid gap-3">
            <Fact label="Name">{job.user.name || '—'}</Fact>
            <Fact label="E-mail">{job.user.email}</Fact>
          </dl>
          <div className="mt-3 flex flex-wrap gap-3 text-sm font-semibold">
            <Link to={`/admin/users/${job.user.id}`} className="text-brand-700 hover:underline">
              Open user
            </Link>
            <Link to={`/admin/jobs?userId=${job.user.id}`} className="text-brand-700 hover:underline">
              Their jobs
            </Link>
          </div>
        </Card>
        <Card>
          <CardTitle>Timings</CardTitle>
          <ol className="mt-3 space-y-2 text-sm" aria-label="Timeline">
            <li>
              <span className="font-semibold">Queued</span> {formatDateTime(job.createdAt)}
            </li>
            <li>
              <span className="font-semibold">Started</span> {job.startedAt ? formatDateTime(job.startedAt) : '—'}
              {job.timings.queuedMs !== null && <span className="text-slate-500"> (waited {formatDuration(job.timings.queuedMs)})</span>}
            </li>
            <li>
              <span className="font-semibold">Finished</span> {job.finishedAt ? formatDateTime(job.finishedAt) : '—'}
              {job.timings.runningMs !== null && <span className="text-slate-500"> (ran {formatDuration(job.timings.runningMs)})</span>}
            </li>
          </ol>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <Fact label="Duration">{formatDuration(job.durationMs)}</Fact>
            <Fact label="Last heartbeat">{job.timings.heartbeatAt ? formatDateTime(job.timings.heartbeatAt) : '—'}</Fact>
          </dl>
        </Card>
      </div>

      {job.provider && <JobProviderCard provider={job.provider} />}

      {job.error && (
        <div role="status" className="mt-4 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">Error</p>
          <p className="mt-1 whitespace-pre-wrap">{job.error}</p>
        </div>
      )}

      <section aria-labelledby="inputs-heading" className="mt-6">
        <h2 id="inputs-heading" className="text-lg font-semibold text-slate-900">
          Inputs
        </h2>
        <div className="mt-3 grid gap-4 lg:grid-cols-3">
          <Card className="min-w-0">
            <CardTitle className="text-sm">Parameters</CardTitle>
            <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-slate-50 p-3 text-xs text-slate-800">
              {JSON.stringify(job.params, null, 2)}
            </pre>
          </Card>
          {job.inputs.length === 0 ? (
            <p className="text-sm text-slate-600">No uploaded files.</p>
          ) : (
            job.inputs.map((input) => (
              <Card key={input.id} className="min-w-0">
                <CardTitle className="text-sm">
                  {input.field}: <span className="font-normal break-all">{input.name}</span>
                </CardTitle>
                <p className="mb-2 text-xs text-slate-500">
                  {input.contentType} · {kb(input.size)}
                  {input.width && input.height ? ` · ${input.width}×${input.height}` : ''}
                </p>
                <FilePreview
                  kind="image"
                  url={input.previewUrl}
                  name={`Input ${input.field}: ${input.name}`}
                  contentType={input.contentType}
                />
              </Card>
            ))
          )}
        </div>
      </section>

      <section aria-labelledby="outputs-heading" className="mt-6">
        <h2 id="outputs-heading" className="text-lg font-semibold text-slate-900">
          Outputs
        </h2>
        {job.outputs.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            No outputs{job.status === 'failed' ? ' (the job failed)' : job.status === 'succeeded' ? '' : ' yet'}.
          </p>
        ) : (
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {job.outputs.map((output) => (
              <Card key={output.id} className="min-w-0">
                <CardTitle className="text-sm break-all">{output.name}</CardTitle>
                <p className="mb-2 text-xs text-slate-500">
                  {output.kind} · {output.contentType} · {kb(output.size)}
                </p>
                <FilePreview kind={output.kind} url={output.previewUrl} name={`Output ${output.name}`} contentType={output.contentType} />
                <a
                  href={output.previewUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  Open preview <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                </a>
              </Card>
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="ledger-heading" className="mt-6">
        <h2 id="ledger-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Ledger entries
        </h2>
        {job.ledgerEntries.length === 0 ? (
          <p className="text-sm text-slate-600">No credit movements for this job{job.cost === 0 ? ' (it cost nothing)' : ''}.</p>
        ) : (
          <DataTable
            caption="Ledger entries of this job"
            rows={job.ledgerEntries}
            rowKey={(entry) => entry.id}
            columns={[
              { header: 'When', className: 'whitespace-nowrap', cell: (entry) => formatDateTime(entry.createdAt) },
              { header: 'Kind', cell: (entry) => entry.kind.replace(/[_-]/g, ' ') },
              {
                header: 'Amount',
                align: 'right',
                priority: 1,
                className: 'font-semibold',
                cell: (entry) => formatSignedCredits(entry.amount),
              },
              { header: 'Balance after', align: 'right', cell: (entry) => entry.balanceAfter },
            ]}
          />
        )}
      </section>
    </>
  );
}
