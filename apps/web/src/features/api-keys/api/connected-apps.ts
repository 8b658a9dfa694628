import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { ConnectedApp } from '@lumen/core/mcp-oauth/schemas';
import { connectedAppKeys } from '@/query-keys/connected-app-keys.ts';

/** GET /connected-apps → the live grants, newest first. */
export function getConnectedApps(signal?: AbortSignal): Promise<ConnectedApp[]> {
  return apiClient.get<ConnectedApp[]>('/connected-apps', { signal, suppressErrorToast: true });
}

export function useConnectedAppsQuery() {
  return useQuery(queryOptions({ queryKey: connectedAppKeys.all, queryFn: ({ signal }) => getConnectedApps(signal), staleTime: 0 }));
}

/** DELETE /connected-apps/{id}: the app's tokens stop working at once. */
export function useRevokeConnectedApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(`/connected-apps/${encodeURIComponent(id)}`, { suppressErrorToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectedAppKeys.all }),
  });
}
