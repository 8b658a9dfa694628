import { useId, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { formatDateTime, pluralCredits } from '@/lib/format.ts';
import { serviceByKey } from '@/lib/service-details.ts';
import type { JobListItem } from '../api/job-types.ts';
import { posterOf } from './job-result.tsx';
import { JobStatusBadge } from './job-status.tsx';

/** What a job was made from, in one line: its prompt, its input file's name or the first line of pasted text. */
export function jobSummary(job: JobListItem): string {
  const { prompt, text } = job.params;
  if (typeof prompt === 'string' && prompt.trim()) return prompt.trim();
  if (job.input) return job.input.name;
  if (typeof text === 'string' && text.trim()) return text.trim().split('\n')[0]!;
  return `${serviceByKey(job.service).name} job`;
}

function JobThumbnail({ job, icon: Icon }: { job: JobListItem; icon: LucideIcon }) {
  const src = posterOf(job)?.previewUrl ?? job.input?.previewUrl ?? undefined;
  // A signed link can expire while the list is open: the service icon stands in.
  const [brokenSrc, setBrokenSrc] = useState<string>();
  return (
    <span className="flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100">
      {src && src !== brokenSrc ? (
        <img src={src} alt="" loading="lazy" className="h-full w-full object-cover" onError={() => setBrokenSrc(src)} />
      ) : (
        <Icon className="h-6 w-6 text-brand-600" aria-hidden="true" />
      )}
    </span>
  );
}

/** One job as a row that opens its result: thumbnail, summary, service, status, cost and time. */
export function JobRow({ job, current = false, onOpen }: { job: JobListItem; current?: boolean; onOpen: (id: string) => void }) {
  const service = serviceByKey(job.service);
  const summary = jobSummary(job);
  const createdAt = formatDateTime(job.createdAt);
  const detailsId = useId();
  return (
    <button
      type="button"
      onClick={() => onOpen(job.id)}
      aria-current={current ? 'true' : undefined}
      aria-label={`View result: ${summary}, ${createdAt}`}
      aria-describedby={detailsId}
      className={cn(
        'flex min-h-16 w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50',
        'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
        current && 'bg-brand-50 hover:bg-brand-50',
      )}
    >
      <JobThumbnail job={job} icon={service.icon} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900" title={summary}>
          {summary}
        </span>
        <span id={detailsId} className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <span>{service.name}</span>
          <JobStatusBadge status={job.status} />
          <span>{job.cost > 0 ? pluralCredits(job.cost) : 'free'}</span>
          <time dateTime={job.createdAt}>{createdAt}</time>
        </span>
      </span>
      <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
    </button>
  );
}
