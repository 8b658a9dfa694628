import { useState } from 'react';
import { Share2 } from 'lucide-react';
import type { Job } from '@lumen/core/jobs/schemas';
import { serviceNames } from '@lumen/core/services/catalogue';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useJobsQuery } from '@/features/jobs/api/jobs.ts';
import { PublishDialog } from './publish-dialog.tsx';

/** Your latest finished results, each with 'Publish to community'. */
export function ShareResultsSection() {
  const jobs = useJobsQuery({ status: 'succeeded', page: 1, limit: 6 });
  const [publishing, setPublishing] = useState<Job | null>(null);
  const items = jobs.data?.items ?? [];
  return (
    <section aria-labelledby="share-heading" className="mb-10">
      <h2 id="share-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Share a result
      </h2>
      {jobs.isPending ? (
        <Spinner label="Loading your results…" />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">Finish a job with one of the tools and you can share it here.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {items.map((job) => (
            <li key={job.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="flex min-w-0 items-center gap-3">
                {job.outputs[0]?.kind === 'image' && (
                  <img src={job.outputs[0].previewUrl} alt="" className="h-12 w-12 rounded object-cover" loading="lazy" />
                )}
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900">{serviceNames[job.service]}</p>
                  <p className="truncate text-xs text-slate-600">
                    {typeof job.params.prompt === 'string' ? job.params.prompt : formatDateTime(job.createdAt)}
                  </p>
                </div>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setPublishing(job)}
                aria-label={`Publish the ${serviceNames[job.service]} result of ${formatDateTime(job.createdAt)} to community`}
              >
                <Share2 className="h-4 w-4" aria-hidden="true" /> Publish to community
              </Button>
            </li>
          ))}
        </ul>
      )}
      {publishing && <PublishDialog job={publishing} open onOpenChange={(open) => !open && setPublishing(null)} />}
    </section>
  );
}
