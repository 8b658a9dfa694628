import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserList } from '@lumen/core/admin/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import type { AdminUsersParams } from '@/query-keys/admin-keys.ts';

/** GET /admin/users?search&role&limit&page */
export function getAdminUsers(query: AdminUsersParams, signal?: AbortSignal): Promise<AdminUserList> {
  return apiClient.get<AdminUserList>('/admin/users', { query, signal });
}

export function adminUsersQueryOptions(query: AdminUsersParams) {
  return queryOptions({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => getAdminUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsersQuery(query: AdminUsersParams) {
  return useQuery(adminUsersQueryOptions(query));
}
