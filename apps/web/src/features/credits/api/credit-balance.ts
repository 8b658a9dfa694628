import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditBalance } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { creditKeys } from '@/query-keys/credit-keys.ts';

/** GET /credits/balance (signed in) */
export function getCreditBalance(signal?: AbortSignal): Promise<CreditBalance> {
  return apiClient.get<CreditBalance>('/credits/balance', { signal });
}

export function creditBalanceQueryOptions() {
  return queryOptions({ queryKey: creditKeys.balance(), queryFn: ({ signal }) => getCreditBalance(signal), staleTime: 0 });
}

export function useCreditBalanceQuery(enabled = true) {
  return useQuery({ ...creditBalanceQueryOptions(), enabled });
}
