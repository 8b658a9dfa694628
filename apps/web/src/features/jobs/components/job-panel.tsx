import { RotateCcw, X } from 'lucide-react';
import { jobCancelledMessage } from '@lumen/core/jobs/schemas';
import { Button } from '@/components/ui/button.tsx';
import { formatDateTime, pluralCredits } from '@/lib/format.ts';
import type { Job } from '../api/job-types.ts';
import { isFinalStatus } from '../api/job-types.ts';
import { JobResult } from './job-result.tsx';
import { JobStatusBadge } from './job-status.tsx';

/** One job: live status and progress with Cancel, then its result (or its error and refund), with retry. */
export function JobPanel({
  job,
  inputPreviewUrl,
  onRetry,
  retrying,
  canRetry,
  onCancel,
  cancelling,
}: {
  job: Job;
  inputPreviewUrl?: string;
  onRetry: () => void;
  retrying: boolean;
  canRetry: boolean;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
  const final = isFinalStatus(job.status);
  return (
    <section aria-labelledby="job-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="job-heading" className="text-lg font-semibold text-slate-900">
          {final ? 'Result' : 'Working on it…'}
        </h2>
        <JobStatusBadge status={job.status} />
      </div>
      <p className="text-xs text-slate-600">
        {formatDateTime(job.createdAt)} · {job.cost > 0 ? pluralCredits(job.cost) : 'free'} · Engine: {job.engine.label}
        {job.durationMs !== null && job.durationMs !== undefined && final ? ` · ${(job.durationMs / 1000).toFixed(1)} s` : ''}
      </p>
      {!final && (
        <div className="space-y-1">
          <progress className="h-2 w-full" value={percent} max={100} aria-label="Job progress" />
          <p className="text-sm text-slate-600" aria-live="polite">
            {job.status === 'queued'
              ? 'Queued — waiting for a worker'
              : job.status === 'at_provider'
                ? `At the provider — ${percent}%, the result comes back when the provider finishes`
                : `Running — ${percent}%`}
          </p>
          <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling}>
            <X className="h-4 w-4" aria-hidden="true" /> {cancelling ? 'Cancelling…' : 'Cancel job'}
          </Button>
        </div>
      )}
      {job.status === 'failed' && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">
            {job.error === jobCancelledMessage ? 'You cancelled this job.' : `The job failed${job.error ? `: ${job.error}` : '.'}`}
          </p>
          {job.refunded && job.cost > 0 && <p className="mt-1">Your {pluralCredits(job.cost)} were refunded.</p>}
        </div>
      )}
      {job.status === 'succeeded' && <JobResult job={job} inputPreviewUrl={inputPreviewUrl} />}
      {final && (
        <Button variant="outline" onClick={onRetry} disabled={retrying || !canRetry}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" /> {retrying ? 'Starting…' : job.status === 'failed' ? 'Retry' : 'Run again'}
          {job.cost > 0 ? ` (${pluralCredits(job.cost)})` : ''}
        </Button>
      )}
    </section>
  );
}
