import type { JobStatus } from '../api/job-types.ts';
import { Badge } from '@/components/ui/badge.tsx';

export const statusNames: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  at_provider: 'At the provider',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

const tones = { queued: 'neutral', running: 'brand', at_provider: 'brand', succeeded: 'success', failed: 'danger' } as const;

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge tone={tones[status]}>{statusNames[status]}</Badge>;
}
