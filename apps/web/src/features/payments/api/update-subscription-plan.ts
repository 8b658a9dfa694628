import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSubscriptionPlanBody } from '@lumen/core/admin/schemas';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

/** PUT /admin/subscription-plans/{id} */
export function updateSubscriptionPlan({ id, body }: { id: string; body: UpdateSubscriptionPlanBody }): Promise<SubscriptionPlan> {
  return apiClient.put<SubscriptionPlan>(`/admin/subscription-plans/${encodeURIComponent(id)}`, body);
}

export function useUpdateSubscriptionPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscriptionPlan,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.subscriptionPlans() }), invalidatePublicCatalogue(queryClient)]),
  });
}
