import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';

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
