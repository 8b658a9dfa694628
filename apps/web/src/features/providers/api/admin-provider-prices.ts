import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BelowCostBody, PriceOverrideBody, ProviderPrices } from '@lumen/core/admin/provider-prices';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';

const providerPricesKey = () => [...adminKeys.all, 'provider-prices'] as const;

/** GET /admin/provider-prices: the value of a credit, each service's expected cost and margin, and every price on record. */
export function useProviderPricesQuery() {
  return useQuery({
    queryKey: providerPricesKey(),
    queryFn: ({ signal }) => apiClient.get<ProviderPrices>('/admin/provider-prices', { signal }),
  });
}

/** PUT /admin/provider-prices/override {provider, model, rate, usdPerUnit}: null restores the published price. */
export function useOverridePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PriceOverrideBody) => apiClient.put<ProviderPrices>('/admin/provider-prices/override', body),
    onSuccess: (data) => queryClient.setQueryData(providerPricesKey(), data),
  });
}

/** PUT /admin/provider-prices/below-cost {service, allowed}. */
export function useAllowBelowCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BelowCostBody) => apiClient.put<ProviderPrices>('/admin/provider-prices/below-cost', body),
    onSuccess: (data) => queryClient.setQueryData(providerPricesKey(), data),
  });
}
