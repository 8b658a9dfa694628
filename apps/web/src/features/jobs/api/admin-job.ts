import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminJobDetail } from '@lumen/core/jobs/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { aiAdminKeys } from '@/query-keys/ai-admin-keys.ts';

/** GET /admin/jobs/{id}: the job, its user, inputs, timings, attempts and ledger entries. */
export function getAdminJob(id: string, signal?: AbortSignal): Promise<AdminJobDetail> {
  return apiClient.get<AdminJobDetail>(`/admin/jobs/${encodeURIComponent(id)}`, { signal });
}

export function adminJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: aiAdminKeys.job(id),
    queryFn: ({ signal }) => getAdminJob(id, signal),
    // Follow a job that is still queued or running.
    refetchInterval: (query) => (query.state.data && !['succeeded', 'failed'].includes(query.state.data.status) ? 3000 : false),
  });
}

export function useAdminJobQuery(id: string) {
  return useQuery(adminJobQueryOptions(id));
}
