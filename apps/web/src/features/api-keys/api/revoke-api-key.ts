import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { ApiKey } from '@lumen/core/api-keys/schemas';
import { apiKeyKeys } from '@/query-keys/api-key-keys.ts';

/** PUT /api-keys/{id}/revoke → the key, revoked (irreversible). */
export function revokeApiKey(id: string): Promise<ApiKey> {
  return apiClient.put<ApiKey>(`/api-keys/${encodeURIComponent(id)}/revoke`, {}, { suppressErrorToast: true });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}
