import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminServiceCost } from '@lumen/core/admin/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

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

/** PUT /admin/service-costs/{serviceKey} {cost} */
export function updateServiceCost({ serviceKey, cost }: { serviceKey: string; cost: number }): Promise<AdminServiceCost> {
  return apiClient.put<AdminServiceCost>(`/admin/service-costs/${encodeURIComponent(serviceKey)}`, { cost });
}

export function useUpdateServiceCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceCost,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.serviceCosts() }), invalidatePublicCatalogue(queryClient)]),
  });
}
