import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';

export type SavedPaymentMethod = { id: string; brand: string; last4: string; expMonth: number; expYear: number; isDefault: boolean };

/** GET /payment/methods */
export function getPaymentMethods(signal?: AbortSignal): Promise<SavedPaymentMethod[]> {
  return apiClient.get<SavedPaymentMethod[]>('/payment/methods', { signal });
}

export function usePaymentMethodsQuery() {
  return useQuery({ queryKey: paymentKeys.methods(), queryFn: ({ signal }) => getPaymentMethods(signal) });
}

function useMethodMutation(call: (id: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Automatic top-up shows the default card, and removing the last card turns it off.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.methods() }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.autoTopUp() }),
      ]),
  });
}

/** POST /payment/methods/{id}/default */
export function useSetDefaultMethodMutation() {
  return useMethodMutation((id) => apiClient.post(`/payment/methods/${encodeURIComponent(id)}/default`));
}

/** DELETE /payment/methods/{id} */
export function useRemoveMethodMutation() {
  return useMethodMutation((id) => apiClient.delete(`/payment/methods/${encodeURIComponent(id)}`));
}
