import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSessionList, AdminUserApiKey, AdminUserOrder } from '@lumen/core/admin/user-activity';
import type { AdminSecurityEventList } from '@lumen/core/users/security-events';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import type { AdminSessionsParams } from '@/query-keys/admin-keys.ts';

const userPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

/** GET /admin/users/{id}/api-keys */
export function useAdminUserApiKeysQuery(userId: string) {
  return useQuery({
    queryKey: adminKeys.userApiKeys(userId),
    queryFn: ({ signal }) => apiClient.get<AdminUserApiKey[]>(`${userPath(userId)}/api-keys`, { signal }),
  });
}

/** PUT /admin/users/{id}/api-keys/{keyId}/revoke: the key fails on its next request. */
export function useRevokeAdminUserApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => apiClient.put<unknown>(`${userPath(userId)}/api-keys/${encodeURIComponent(keyId)}/revoke`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.userApiKeys(userId) }),
  });
}

/** GET /admin/users/{id}/orders */
export function useAdminUserOrdersQuery(userId: string) {
  return useQuery({
    queryKey: adminKeys.userOrders(userId),
    queryFn: ({ signal }) => apiClient.get<AdminUserOrder[]>(`${userPath(userId)}/orders`, { signal }),
  });
}

/** GET /admin/security-events?userId&type&limit&page */
export function useAdminUserSecurityEventsQuery(userId: string, page: number) {
  const query = { userId, page, limit: 10 };
  return useQuery({
    queryKey: [...adminKeys.user(userId), 'security-events', query],
    queryFn: ({ signal }) => apiClient.get<AdminSecurityEventList>('/admin/security-events', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/sessions?userId&search&limit&page: live sessions. */
export function adminSessionsQueryOptions(query: AdminSessionsParams) {
  return queryOptions({
    queryKey: adminKeys.sessions(query),
    queryFn: ({ signal }) => apiClient.get<AdminSessionList>('/admin/sessions', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminSessionsQuery(query: AdminSessionsParams) {
  return useQuery(adminSessionsQueryOptions(query));
}

/** DELETE /admin/sessions/{id}: that device is signed out at once. */
export function useRevokeAdminSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => apiClient.delete<null>(`/admin/sessions/${encodeURIComponent(sessionId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sessionLists() }),
  });
}
