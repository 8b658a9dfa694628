import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentUsage } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';

/** GET /payment/usage (signed in): balance, spent, plan and uses left per service. */
export function getPaymentUsage(signal?: AbortSignal): Promise<PaymentUsage> {
  return apiClient.get<PaymentUsage>('/payment/usage', { signal });
}

export function paymentUsageQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.usage(), queryFn: ({ signal }) => getPaymentUsage(signal), staleTime: 0 });
}

export function usePaymentUsageQuery(enabled = true) {
  return useQuery({ ...paymentUsageQueryOptions(), enabled });
}
