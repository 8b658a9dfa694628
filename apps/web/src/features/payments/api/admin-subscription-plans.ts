import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
import type { CreateSubscriptionPlanBody, UpdateSubscriptionPlanBody } from '@lumen/core/admin/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

/** GET /admin/subscription-plans: every non-archived plan (active and inactive), in order. */
export function getAdminSubscriptionPlans(signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  return apiClient.get<SubscriptionPlan[]>('/admin/subscription-plans', { signal });
}

export function adminSubscriptionPlansQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.subscriptionPlans(),
    queryFn: ({ signal }) => getAdminSubscriptionPlans(signal),
    staleTime: 0,
  });
}

export function useAdminSubscriptionPlansQuery() {
  return useQuery(adminSubscriptionPlansQueryOptions());
}

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
