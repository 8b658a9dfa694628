import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';

/** GET /payment/plans (public): the active subscription plans in order. */
export function getSubscriptionPlans(signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  return apiClient.get<SubscriptionPlan[]>('/payment/plans', { signal });
}

export function subscriptionPlansQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.plans(), queryFn: ({ signal }) => getSubscriptionPlans(signal) });
}

export function useSubscriptionPlansQuery() {
  return useQuery(subscriptionPlansQueryOptions());
}
