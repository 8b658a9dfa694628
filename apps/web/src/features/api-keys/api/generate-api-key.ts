import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { GenerateApiKeyBody, IssuedApiKey } from '@lumen/core/api-keys/schemas';
import { apiKeyKeys } from '@/query-keys/api-key-keys.ts';

/** POST /api-keys/generate {name, rateLimit, …} → the key with apiKey (and webhookSecret), shown once. */
export function generateApiKey(body: GenerateApiKeyBody): Promise<IssuedApiKey> {
  return apiClient.post<IssuedApiKey>('/api-keys/generate', body, { suppressErrorToast: true });
}

/**
 * The secret is handed to the caller only: the list is re-read from the server (which never returns it),
 * and the mutation is not kept once it is unused (gcTime 0) — callers reset() it after reading the result.
 */
export function useGenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateApiKey,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
