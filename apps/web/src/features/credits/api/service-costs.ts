import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceCostMap } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { creditKeys } from '@/query-keys/credit-keys.ts';

/** GET /credits/costs (public): service key → credit cost (0 = unlimited). */
export function getServiceCosts(signal?: AbortSignal): Promise<ServiceCostMap> {
  return apiClient.get<ServiceCostMap>('/credits/costs', { signal });
}

export function serviceCostsQueryOptions() {
  return queryOptions({ queryKey: creditKeys.costs(), queryFn: ({ signal }) => getServiceCosts(signal) });
}

export function useServiceCostsQuery() {
  return useQuery(serviceCostsQueryOptions());
}
