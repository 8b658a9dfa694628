import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';

/**
 * GET /payment/config (public): which providers the server can take payments with (`available`; false answers 503),
 * which run in test mode, Stripe's publishable key and the crypto threshold.
 */
export type PaymentConfig = {
  available: { card: boolean; crypto: boolean };
  testMode: { card: boolean; crypto: boolean };
  stripePublishableKey: string | null;
  cryptoMinimumAmount: number;
};

/** Shown when the server takes neither card nor crypto payments (`available` both false). */
export const PURCHASES_UNAVAILABLE_MESSAGE = 'Purchases are unavailable right now: this server takes no payments yet.';

export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiClient.get<PaymentConfig>('/payment/config', { signal });
}

export function paymentConfigQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.config(), queryFn: ({ signal }) => getPaymentConfig(signal), staleTime: 60_000 });
}

export function usePaymentConfigQuery(enabled = true) {
  return useQuery({ ...paymentConfigQueryOptions(), enabled });
}
