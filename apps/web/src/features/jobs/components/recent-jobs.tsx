import { Link } from 'react-router';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useJobsQuery } from '../api/jobs.ts';
import { JobRow } from './job-row.tsx';

export const RECENT_JOBS_LIMIT = 5;

/** The tool's last few jobs under its form; a row opens that job's result. */
export function RecentJobs({
  service,
  currentId,
  onOpen,
}: {
  service: ServiceKey;
  currentId: string | null;
  onOpen: (id: string) => void;
}) {
  const { data, isPending } = useJobsQuery({ service, page: 1, limit: RECENT_JOBS_LIMIT }, { pollWhileActive: true });
  return (
    <section aria-labelledby="recent-heading" className="mt-8">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
          Your recent jobs
        </h2>
        <Link
          to={`/dashboard/result-library?service=${service}`}
          className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
        >
          All results
        </Link>
      </div>
      {isPending ? (
        <Spinner />
      ) : !data?.items.length ? (
        <p className="mt-2 text-sm text-slate-600">No jobs yet. Your results will appear here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {data.items.map((job) => (
            <li key={job.id}>
              <JobRow job={job} current={job.id === currentId} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
