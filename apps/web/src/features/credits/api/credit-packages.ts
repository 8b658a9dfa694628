import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { creditKeys } from '@/query-keys/credit-keys.ts';

/** GET /credits/packages (public): the active packages in the admin's order. */
export function getCreditPackages(signal?: AbortSignal): Promise<CreditPackage[]> {
  return apiClient.get<CreditPackage[]>('/credits/packages', { signal });
}

export function creditPackagesQueryOptions() {
  return queryOptions({ queryKey: creditKeys.packages(), queryFn: ({ signal }) => getCreditPackages(signal) });
}

export function useCreditPackagesQuery() {
  return useQuery(creditPackagesQueryOptions());
}
