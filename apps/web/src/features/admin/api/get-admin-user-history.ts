import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditHistory } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';

type PageParams = { page: number; limit: number };

/** GET /admin/users/{id}/credits/history?limit&page: the user's ledger, newest first. */
export function getAdminUserHistory(id: string, params: PageParams, signal?: AbortSignal): Promise<CreditHistory> {
  return apiClient.get<CreditHistory>(`/admin/users/${encodeURIComponent(id)}/credits/history`, { query: params, signal });
}

export function adminUserHistoryQueryOptions(id: string, params: PageParams) {
  return queryOptions({
    queryKey: adminKeys.userHistory(id, params),
    queryFn: ({ signal }) => getAdminUserHistory(id, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminUserHistoryQuery(id: string, params: PageParams, enabled = true) {
  return useQuery({ ...adminUserHistoryQueryOptions(id, params), enabled });
}
