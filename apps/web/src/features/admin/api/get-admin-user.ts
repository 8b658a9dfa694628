import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '@lumen/core/admin/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';

/** GET /admin/users/{id}: the user and the first page of their ledger. */
export function getAdminUser(id: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return apiClient.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`, { signal });
}

export function adminUserQueryOptions(id: string) {
  return queryOptions({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => getAdminUser(id, signal), staleTime: 0 });
}

export function useAdminUserQuery(id: string) {
  return useQuery(adminUserQueryOptions(id));
}
