import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoTopUpSettings, UpdateAutoTopUpBody } from '@lumen/core/payments/auto-top-up';
import { apiClient } from '@/lib/api-client.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';

/** GET /payment/auto-top-up */
export function getAutoTopUp(signal?: AbortSignal): Promise<AutoTopUpSettings> {
  return apiClient.get<AutoTopUpSettings>('/payment/auto-top-up', { signal });
}

export function useAutoTopUpQuery() {
  return useQuery({ queryKey: paymentKeys.autoTopUp(), queryFn: ({ signal }) => getAutoTopUp(signal) });
}

/** PUT /payment/auto-top-up */
export function useSaveAutoTopUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAutoTopUpBody) => apiClient.put<AutoTopUpSettings>('/payment/auto-top-up', body),
    onSuccess: (settings) => queryClient.setQueryData(paymentKeys.autoTopUp(), settings),
  });
}
