import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { ApiKey } from '@lumen/core/api-keys/schemas';
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
