import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

/** PUT /admin/subscription-plans/order {ids}: every non-archived plan, in the new order. */
export function reorderSubscriptionPlans(ids: string[]): Promise<SubscriptionPlan[]> {
  return apiClient.put<SubscriptionPlan[]>('/admin/subscription-plans/order', { ids });
}

export function useReorderSubscriptionPlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderSubscriptionPlans,
    onSuccess: (plans) => {
      queryClient.setQueryData(adminKeys.subscriptionPlans(), plans);
      return invalidatePublicCatalogue(queryClient);
    },
  });
}
