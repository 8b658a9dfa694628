import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';

/** GET /admin/credit-packages: every non-archived package (active and inactive), in order. */
export function getAdminCreditPackages(signal?: AbortSignal): Promise<CreditPackage[]> {
  return apiClient.get<CreditPackage[]>('/admin/credit-packages', { signal });
}

export function adminCreditPackagesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.creditPackages(), queryFn: ({ signal }) => getAdminCreditPackages(signal), staleTime: 0 });
}

export function useAdminCreditPackagesQuery() {
  return useQuery(adminCreditPackagesQueryOptions());
}
