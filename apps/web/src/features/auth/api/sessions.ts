import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@lumen/core/auth/sessions';
import { apiClient } from '@/lib/api-client.ts';
import { authKeys } from '@/query-keys/auth-keys.ts';

/** One signed-in device (a refresh-token family); `current` marks this browser's. */
export type AuthSession = Session;

/** GET /auth/sessions */
export function getSessions(signal?: AbortSignal): Promise<AuthSession[]> {
  return apiClient.get<AuthSession[]>('/auth/sessions', { signal });
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: authKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) });
}

export function useSessionsQuery() {
  return useQuery(sessionsQueryOptions());
}

/** DELETE /auth/sessions/{id} */
export function revokeSession(id: string): Promise<unknown> {
  return apiClient.delete<unknown>(`/auth/sessions/${encodeURIComponent(id)}`);
}

/** POST /auth/sessions/revoke-others */
export function revokeOtherSessions(): Promise<unknown> {
  return apiClient.post<unknown>('/auth/sessions/revoke-others', {});
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}
