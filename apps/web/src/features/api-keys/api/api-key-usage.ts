import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { ApiKeyUsage } from '@lumen/core/api-keys/schemas';
import { apiKeyKeys } from '@/query-keys/api-key-keys.ts';

export const USAGE_DAYS = 30;

/** GET /api-keys/{id}/usage?days=30 → requests per day, per endpoint, errors, credits, last use. */
export function getApiKeyUsage(id: string, days = USAGE_DAYS, signal?: AbortSignal): Promise<ApiKeyUsage> {
  return apiClient.get<ApiKeyUsage>(`/api-keys/${encodeURIComponent(id)}/usage`, { query: { days }, signal, suppressErrorToast: true });
}

export function apiKeyUsageQueryOptions(id: string, days = USAGE_DAYS) {
  return queryOptions({ queryKey: apiKeyKeys.usage(id, days), queryFn: ({ signal }) => getApiKeyUsage(id, days, signal) });
}

export function useApiKeyUsageQuery(id: string, enabled = true) {
  return useQuery({ ...apiKeyUsageQueryOptions(id), enabled });
}
