import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { ApiKey, UpdateApiKeyBody } from '@lumen/core/api-keys/schemas';
import { apiKeyKeys } from '@/query-keys/api-key-keys.ts';

/** PATCH /api-keys/{id} → the key with its new settings (the secret stays the same). */
export function updateApiKey({ id, body }: { id: string; body: UpdateApiKeyBody }): Promise<ApiKey> {
  return apiClient.patch<ApiKey>(`/api-keys/${encodeURIComponent(id)}`, body, { suppressErrorToast: true });
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}
