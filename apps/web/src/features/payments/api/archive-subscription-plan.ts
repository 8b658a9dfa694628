import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

/** DELETE /admin/subscription-plans/{id}: archives the plan (never hard-deleted). */
export function archiveSubscriptionPlan(id: string): Promise<null> {
  return apiClient.delete<null>(`/admin/subscription-plans/${encodeURIComponent(id)}`);
}

export function useArchiveSubscriptionPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveSubscriptionPlan,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.subscriptionPlans() }), invalidatePublicCatalogue(queryClient)]),
  });
}
