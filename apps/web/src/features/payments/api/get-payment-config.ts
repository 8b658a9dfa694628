import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

/** GET /payment/config (public): which providers run in test mode, Stripe's publishable key and the crypto threshold. */
export type PaymentConfig = {
  testMode: { card: boolean; crypto: boolean };
  stripePublishableKey: string | null;
  cryptoMinimumAmount: number;
};

export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiClient.get<PaymentConfig>('/payment/config', { signal });
}

export function paymentConfigQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.config(), queryFn: ({ signal }) => getPaymentConfig(signal), staleTime: 60_000 });
}

export function usePaymentConfigQuery(enabled = true) {
  return useQuery({ ...paymentConfigQueryOptions(), enabled });
}
