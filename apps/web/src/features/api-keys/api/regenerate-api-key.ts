import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { IssuedApiKey } from '@lumen/core/api-keys/schemas';
import { apiKeyKeys } from '@/query-keys/api-key-keys.ts';

/** POST /api-keys/{id}/regenerate → a new active key with apiKey; the old one is revoked at once. */
export function regenerateApiKey(id: string): Promise<IssuedApiKey> {
  return apiClient.post<IssuedApiKey>(`/api-keys/${encodeURIComponent(id)}/regenerate`, {}, { suppressErrorToast: true });
}

/** Like generate: the secret never enters the query cache and the mutation is dropped once unused. */
export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateApiKey,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
