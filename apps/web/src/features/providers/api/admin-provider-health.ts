import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProviderHealth } from '@lumen/core/admin/providers';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';

/** The periods offered on /admin/providers, in hours (the API takes 1 to 720). */
export const providerPeriods = [
  { hours: 1, label: 'Last hour' },
  { hours: 24, label: 'Last 24 hours' },
  { hours: 168, label: 'Last 7 days' },
  { hours: 720, label: 'Last 30 days' },
] as const;
export const defaultProviderHours = 24;

/** GET /admin/providers?hours: recent calls per provider, service and model, and today's spend against the budget. */
export function useProviderHealthQuery(hours: number = defaultProviderHours) {
  return useQuery({
    queryKey: [...adminKeys.providerHealth(), hours],
    queryFn: ({ signal }) => apiClient.get<ProviderHealth>('/admin/providers', { query: { hours }, signal }),
    placeholderData: keepPreviousData,
  });
}
