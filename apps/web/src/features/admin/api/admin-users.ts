import { keepPreviousData, queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserList, AdminUserDetail } from '@lumen/core/admin/schemas';
import type { Role } from '@lumen/core/users/schemas';
import type { Suspension } from '@lumen/core/users/suspension';
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

const userPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

/** POST /admin/users/{id}/suspend {reason}: signs them out everywhere and stops their keys. */
export function suspendUser({ userId, reason }: { userId: string; reason: string }): Promise<Suspension & { revokedSessions: number }> {
  return apiClient.post(`${userPath(userId)}/suspend`, { reason });
}

/** POST /admin/users/{id}/reactivate */
export function reactivateUser({ userId }: { userId: string }): Promise<Suspension> {
  return apiClient.post(`${userPath(userId)}/reactivate`);
}

/** PUT /admin/users/{id}/role {role} */
export function changeUserRole({ userId, role }: { userId: string; role: Role }): Promise<{ role: Role }> {
  return apiClient.put(`${userPath(userId)}/role`, { role });
}

function useUserMutation<I extends { userId: string }, R>(mutationFn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.user(userId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.userLists() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.sessionLists() }),
      ]),
  });
}

export const useSuspendUser = () => useUserMutation(suspendUser);
export const useReactivateUser = () => useUserMutation(reactivateUser);
export const useChangeUserRole = () => useUserMutation(changeUserRole);
