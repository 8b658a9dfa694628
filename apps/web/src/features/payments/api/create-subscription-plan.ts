import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSubscriptionPlanBody } from '@lumen/core/admin/schemas';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

/** POST /admin/subscription-plans */
export function createSubscriptionPlan(body: CreateSubscriptionPlanBody): Promise<SubscriptionPlan> {
  return apiClient.post<SubscriptionPlan>('/admin/subscription-plans', body);
}

export function useCreateSubscriptionPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscriptionPlan,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.subscriptionPlans() }), invalidatePublicCatalogue(queryClient)]),
  });
}
