import { keepPreviousData, queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminJob, AdminJobDetail } from '@lumen/core/jobs/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { aiAdminKeys } from '@/query-keys/ai-admin-keys.ts';
import type { AdminJobsParams } from '@/query-keys/ai-admin-keys.ts';

export type AdminJobList = { items: AdminJob[]; page: number; limit: number; total: number; totalPages: number };

/** GET /admin/jobs?service&status&userId&search&from&to&limit&page */
export function getAdminJobs(query: AdminJobsParams, signal?: AbortSignal): Promise<AdminJobList> {
  return apiClient.get<AdminJobList>('/admin/jobs', { query, signal });
}

export function adminJobsQueryOptions(query: AdminJobsParams) {
  return queryOptions({
    queryKey: aiAdminKeys.jobs(query),
    queryFn: ({ signal }) => getAdminJobs(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminJobsQuery(query: AdminJobsParams) {
  return useQuery(adminJobsQueryOptions(query));
}

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

export type AdminJobAction = 'retry' | 'refund';

/** POST /admin/jobs/{id}/retry (re-queue without charging again) or /refund (once; 409 if already refunded). */
export function runAdminJobAction({ id, action }: { id: string; action: AdminJobAction }): Promise<AdminJob> {
  return apiClient.post<AdminJob>(`/admin/jobs/${encodeURIComponent(id)}/${action}`, {});
}

export function useAdminJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAdminJobAction,
    onSuccess: (_job, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: aiAdminKeys.job(id) }),
        queryClient.invalidateQueries({ queryKey: aiAdminKeys.jobLists() }),
      ]),
  });
}
