import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionHistory } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { creditKeys } from '@/query-keys/credit-keys.ts';
import type { PageParams } from '@/query-keys/credit-keys.ts';

/** GET /credits/transaction-history?limit&page (defaults 10 and 1): credits added or removed, with totals. */
export function getTransactionHistory(params: PageParams, signal?: AbortSignal): Promise<TransactionHistory> {
  return apiClient.get<TransactionHistory>('/credits/transaction-history', { query: params, signal });
}

export function transactionHistoryQueryOptions(params: PageParams) {
  return queryOptions({
    queryKey: creditKeys.transactionHistory(params),
    queryFn: ({ signal }) => getTransactionHistory(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTransactionHistoryQuery(params: PageParams) {
  return useQuery(transactionHistoryQueryOptions(params));
}
