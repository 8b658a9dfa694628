import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, GenerateApiKeyBody, IssuedApiKey, UpdateApiKeyBody, RollGrace } from '@lumen/core/api-keys/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { apiKeyKeys } from '@/query-keys/api-key-keys.ts';

/** GET /api-keys → every key of the user, newest first, revoked included (the list may be wrapped in data). */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const data = await apiClient.get<ApiKey[] | { data?: ApiKey[]; items?: ApiKey[] }>('/api-keys', { signal, suppressErrorToast: true });
  if (Array.isArray(data)) return data;
  return data?.data ?? data?.items ?? [];
}

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => getApiKeys(signal), staleTime: 0 });
}

export function useApiKeysQuery() {
  return useQuery(apiKeysQueryOptions());
}

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

/** PATCH /api-keys/{id} → the key with its new settings (the secret stays the same). */
export function updateApiKey({ id, body }: { id: string; body: UpdateApiKeyBody }): Promise<ApiKey> {
  return apiClient.patch<ApiKey>(`/api-keys/${encodeURIComponent(id)}`, body, { suppressErrorToast: true });
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}

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

/** PUT /api-keys/{id}/revoke → the key, revoked (irreversible). */
export function revokeApiKey(id: string): Promise<ApiKey> {
  return apiClient.put<ApiKey>(`/api-keys/${encodeURIComponent(id)}/revoke`, {}, { suppressErrorToast: true });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}

/** DELETE /api-keys/{id} → null (the key stops working; its usage stays in the owner's history). */
export async function deleteApiKey(id: string): Promise<void> {
  await apiClient.delete<null>(`/api-keys/${encodeURIComponent(id)}`, { suppressErrorToast: true });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}
