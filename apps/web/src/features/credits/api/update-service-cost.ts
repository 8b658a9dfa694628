import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminServiceCost } from '@lumen/core/admin/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

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
