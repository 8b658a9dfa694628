import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { IssuedApiKey, RollGrace } from '@lumen/core/api-keys/schemas';
import { apiKeyKeys } from '@/query-keys/api-key-keys.ts';

/** POST /api-keys/{id}/roll {grace} → the same key with a new secret; the old one works for the grace period. */
export function rollApiKey({ id, grace }: { id: string; grace: RollGrace }): Promise<IssuedApiKey> {
  return apiClient.post<IssuedApiKey>(`/api-keys/${encodeURIComponent(id)}/roll`, { grace }, { suppressErrorToast: true });
}

/** Like generate: the secret never enters the query cache and the mutation is dropped once unused. */
export function useRollApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollApiKey,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
