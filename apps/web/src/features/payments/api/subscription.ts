import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { SubscriptionDto } from '@lumen/core/payments/card';
import { paymentKeys } from '@/query-keys/payment-keys.ts';

export type { SubscriptionDto };

/** A subscription in one of these is over: it no longer counts as the user's plan. */
export const ENDED_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired'];

/** GET /payment/subscriptions/me → { subscription: null | SubscriptionDto } */
export async function getMySubscription(signal?: AbortSignal): Promise<SubscriptionDto | null> {
  const data = await apiClient.get<{ subscription: SubscriptionDto | null }>('/payment/subscriptions/me', { signal });
  return data.subscription ?? null;
}

export function useMySubscriptionQuery(enabled = true) {
  return useQuery({ queryKey: paymentKeys.subscription(), queryFn: ({ signal }) => getMySubscription(signal), enabled });
}

/** POST /payment/checkout/subscription {planId} → { sessionId, url, subscriptionId }; the browser goes to url. */
export function startSubscriptionCheckout(planId: string): Promise<{ sessionId: string; url: string; subscriptionId: string }> {
  return apiClient.post('/payment/checkout/subscription', { planId });
}

function useSubscriptionMutation<T>(call: (arg: T) => Promise<SubscriptionDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (subscription) => queryClient.setQueryData(paymentKeys.subscription(), subscription),
  });
}

/** POST /payment/subscriptions/cancel {cancelImmediately} */
export function useCancelSubscriptionMutation() {
  return useSubscriptionMutation((cancelImmediately: boolean) =>
    apiClient.post<SubscriptionDto>('/payment/subscriptions/cancel', { cancelImmediately }),
  );
}

/** POST /payment/subscription/reactivate */
export function useReactivateSubscriptionMutation() {
  return useSubscriptionMutation(() => apiClient.post<SubscriptionDto>('/payment/subscription/reactivate'));
}
