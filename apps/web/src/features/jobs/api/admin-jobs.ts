import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminJob } from '@lumen/core/jobs/schemas';
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
