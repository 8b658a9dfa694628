import type { JobStatus } from '@lumen/core/jobs/schemas';
import { Badge } from '../ui/badge.tsx';

const tones = { queued: 'neutral', running: 'brand', at_provider: 'brand', succeeded: 'success', failed: 'danger' } as const;
export const jobStatusLabels: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  at_provider: 'At the provider',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export function JobStatusBadge({ status, refunded = false }: { status: JobStatus; refunded?: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={tones[status]}>{jobStatusLabels[status]}</Badge>
      {refunded && <Badge tone="warning">Refunded</Badge>}
    </span>
  );
}

/** '850 ms', '12.4 s', '3 min 05 s'. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
}
