import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminServiceCost } from '@lumen/core/admin/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';

/** GET /admin/service-costs */
export function getAdminServiceCosts(signal?: AbortSignal): Promise<AdminServiceCost[]> {
  return apiClient.get<AdminServiceCost[]>('/admin/service-costs', { signal });
}

export function adminServiceCostsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.serviceCosts(), queryFn: ({ signal }) => getAdminServiceCosts(signal), staleTime: 0 });
}

export function useAdminServiceCostsQuery() {
  return useQuery(adminServiceCostsQueryOptions());
}
