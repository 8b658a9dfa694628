import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditHistory } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { creditKeys } from '@/query-keys/credit-keys.ts';
import type { PageParams } from '@/query-keys/credit-keys.ts';

/** GET /credits/history?limit&page (signed in): the whole ledger, newest first. */
export function getCreditHistory(params: PageParams, signal?: AbortSignal): Promise<CreditHistory> {
  return apiClient.get<CreditHistory>('/credits/history', { query: params, signal });
}

export function creditHistoryQueryOptions(params: PageParams) {
  return queryOptions({
    queryKey: creditKeys.history(params),
    queryFn: ({ signal }) => getCreditHistory(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCreditHistoryQuery(params: PageParams) {
  return useQuery(creditHistoryQueryOptions(params));
}
