import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AudioLines, ExternalLink, FileText, Share2, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime, pluralCredits } from '@/lib/format.ts';
import { services } from '@/lib/service-details.ts';
import { openUpgradeModal } from '@/features/payments/api/upgrade-modal-events.ts';
import { useDeleteJob, useJobsQuery } from '../api/jobs.ts';
import type { Job, JobListItem, JobStatus } from '../api/job-types.ts';
import { isFinalStatus, jobStatuses } from '../api/job-types.ts';
import { DOWNLOAD_LOCKED_TEXT, DownloadButton } from '../components/download-button.tsx';
import { posterOf, salesReportOf, soundPeaks } from '../components/job-result.tsx';
import { previewOutputs } from '../components/preview-notice.tsx';
import { jobSummary } from '../components/job-row.tsx';
import { statusNames, JobStatusBadge } from '../components/job-status.tsx';
import { Waveform } from '../components/waveform.tsx';

export const LIBRARY_PAGE_SIZE = 12;

function isServiceKey(value: string | null): value is ServiceKey {
  return value !== null && (serviceKeys as readonly string[]).includes(value);
}

function isStatus(value: string | null): value is JobStatus {
  return value !== null && (jobStatuses as readonly string[]).includes(value);
}

/** The preview that fits the result: image thumbnail, video poster, waveform, report score. */
function ResultPreview({ job }: { job: Job }) {
  const frame = 'flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg bg-slate-100';
  if (job.status !== 'succeeded' || job.outputs.length === 0) {
    return (
      <div className={frame}>
        <span className="text-sm text-slate-500">{job.status === 'failed' ? 'No result' : 'In progress…'}</span>
      </div>
    );
  }
  const first = job.outputs[0]!;
  switch (first.kind) {
    case 'image':
      return (
        <div className={frame}>
          <img src={first.previewUrl} alt={`Preview of ${first.name}`} className="h-full w-full object-contain" loading="lazy" />
        </div>
      );
    case 'video': {
      const poster = posterOf(job);
      return (
        <div className={frame}>
          {poster ? (
            <img src={poster.previewUrl} alt="Video poster" className="h-full w-full object-contain" loading="lazy" />
          ) : (
            <span className="text-sm text-slate-500">Video</span>
          )}
        </div>
      );
    }
    case 'audio':
      return (
        <div className={`${frame} flex-col gap-2 px-3`}>
          <AudioLines className="h-6 w-6 text-brand-600" aria-hidden="true" />
          <Waveform peaks={soundPeaks(job.summary)} className="h-10 w-full" label="Waveform" />
        </div>
      );
    case 'report': {
      const report = salesReportOf(job.summary);
      return (
        <div className={`${frame} flex-col`}>
          <FileText className="h-6 w-6 text-brand-600" aria-hidden="true" />
          {report && <p className="mt-1 text-2xl font-bold text-slate-900">Score {report.score.value}</p>}
        </div>
      );
    }
  }
}

function ResultCard({ job, onDelete }: { job: JobListItem; onDelete: (job: Job) => void }) {
  const main = job.outputs.find((output) => output.kind !== 'image' || job.service !== 'speedpainting') ?? job.outputs[0];
  // What it was made from, so that two results of one tool can be told apart: the prompt, the input's name or the text.
  const summary = jobSummary(job);
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="result-card">
      <ResultPreview job={job} />
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="line-clamp-2 text-sm font-semibold break-words text-slate-900" title={summary}>
            {summary}
          </h3>
          <p className="text-xs text-slate-600">
            {serviceNames[job.service] ?? job.service} · <time dateTime={job.createdAt}>{formatDateTime(job.createdAt)}</time>
          </p>
        </div>
        <JobStatusBadge status={job.status} />
      </div>
      <p className="text-xs text-slate-600">
        {job.cost > 0 ? pluralCredits(job.cost) : 'Free'} · {job.engine.label}
        {previewOutputs(job).length > 0 && ' · Preview'}
      </p>
      <div className="mt-auto flex flex-wrap items-start gap-2">
        <Link to={`/dashboard/tools/${job.service}?job=${encodeURIComponent(job.id)}`} className={buttonClasses('secondary', 'sm')}>
          <ExternalLink className="h-4 w-4" aria-hidden="true" /> Open
        </Link>
        {job.status === 'succeeded' && main && <DownloadButton job={job} output={main} compact />}
        {job.status === 'succeeded' && (
          <Link
            to={`/dashboard/community?publish=${encodeURIComponent(job.id)}`}
            className={buttonClasses('ghost', 'sm')}
            aria-label={`Publish the ${serviceNames[job.service]} result of ${formatDateTime(job.createdAt)} to community`}
          >
            <Share2 className="h-4 w-4" aria-hidden="true" /> Share
          </Link>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onDelete(job)}
          disabled={!isFinalStatus(job.status)}
          aria-label={`Delete the ${serviceNames[job.service]} result of ${formatDateTime(job.createdAt)}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
        </Button>
      </div>
    </Card>
  );
}

export function ResultLibraryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const serviceParam = searchParams.get('service');
  const statusParam = searchParams.get('status');
  const service = isServiceKey(serviceParam) ? serviceParam : '';
  const status = isStatus(statusParam) ? statusParam : '';
  const search = searchParams.get('search')?.trim() ?? '';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const jobs = useJobsQuery({ service, status, search, page, limit: LIBRARY_PAGE_SIZE }, { pollWhileActive: true });
  // What is typed in the search box reaches the address (and the query) once typing pauses.
  const [searchText, setSearchText] = useState(search);
  const remove = useDeleteJob();
  const [pendingDelete, setPendingDelete] = useState<Job | null>(null);

  function update(values: Record<string, string>) {
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(values)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  }

  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = setTimeout(() => update({ search: searchText.trim(), page: '' }), 300);
    return () => clearTimeout(timer);
    // update only writes the address; re-running for it would restart the pause.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText, search]);

  const filtered = Boolean(service || status || search);
  const data = jobs.data;

  return (
    <>
      <PageHeader title="Result library" description="Every image, video, sound and report you create, in one place." />
      <div className="mb-5 grid gap-3 sm:grid-cols-2 lg:max-w-4xl lg:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
          <Label htmlFor="filter-search">Search prompts</Label>
          <Input
            id="filter-search"
            type="search"
            placeholder="Words of a prompt or pasted text"
            value={searchText}
            maxLength={200}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="filter-service">Tool</Label>
          <Select id="filter-service" value={service} onChange={(event) => update({ service: event.target.value, page: '' })}>
            <option value="">All tools</option>
            {services.map((item) => (
              <option key={item.key} value={item.key}>
                {item.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="filter-status">Status</Label>
          <Select id="filter-status" value={status} onChange={(event) => update({ status: event.target.value, page: '' })}>
            <option value="">All statuses</option>
            {jobStatuses.map((value) => (
              <option key={value} value={value}>
                {statusNames[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {jobs.isPending ? (
        <Spinner label="Loading your results…" />
      ) : jobs.isError ? (
        <ErrorState message={errorMessage(jobs.error, 'Failed to load your results')} onRetry={() => void jobs.refetch()} />
      ) : !data?.items.length ? (
        <EmptyState title={filtered ? 'No results match these filters' : 'No results yet'}>
          {filtered ? (
            <Button
              variant="outline"
              onClick={() => {
                setSearchText('');
                update({ service: '', status: '', search: '', page: '' });
              }}
            >
              Clear the filters
            </Button>
          ) : (
            <div className="space-y-3">
              <p>Run a tool and its result appears here.</p>
              <ul className="flex flex-wrap justify-center gap-2">
                {services.map((item) => (
                  <li key={item.key}>
                    <Link to={item.toolPath} className={buttonClasses('outline', 'sm')}>
                      {item.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            {data.total} result{data.total === 1 ? '' : 's'}
          </p>
          {data.items.some((job) => !job.canDownload) && (
            <div className="mb-4 flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900 sm:flex-row sm:items-center sm:justify-between">
              <p>{DOWNLOAD_LOCKED_TEXT}. Previews stay free to view.</p>
              <Button size="sm" onClick={openUpgradeModal} className="shrink-0">
                Buy credits
              </Button>
            </div>
          )}
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.items.map((job) => (
              <li key={job.id}>
                <ResultCard job={job} onDelete={setPendingDelete} />
              </li>
            ))}
          </ul>
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            onPageChange={(next) => update({ page: String(next) })}
            label="Result pages"
            disabled={jobs.isFetching}
          />
        </>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete this result?"
        description="The job and its files are removed for good. This cannot be undone."
        confirmLabel="Delete"
        danger
        isPending={remove.isPending}
        onConfirm={() => {
          if (!pendingDelete) return;
          remove.mutate(pendingDelete.id, {
            onSuccess: () => {
              toast.success('Result deleted');
              setPendingDelete(null);
            },
            onError: (error) => toast.error(errorMessage(error, 'Failed to delete the result')),
          });
        }}
      />
    </>
  );
}
