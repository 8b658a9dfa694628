import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageHistory } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { creditKeys } from '@/query-keys/credit-keys.ts';
import type { PageParams } from '@/query-keys/credit-keys.ts';

/** GET /credits/usage-history?limit&page: credits spent on tools and refunded, with totals. */
export function getUsageHistory(params: PageParams, signal?: AbortSignal): Promise<UsageHistory> {
  return apiClient.get<UsageHistory>('/credits/usage-history', { query: params, signal });
}

export function usageHistoryQueryOptions(params: PageParams) {
  return queryOptions({
    queryKey: creditKeys.usageHistory(params),
    queryFn: ({ signal }) => getUsageHistory(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsageHistoryQuery(params: PageParams) {
  return useQuery(usageHistoryQueryOptions(params));
}
