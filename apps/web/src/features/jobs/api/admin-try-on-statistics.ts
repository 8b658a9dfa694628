import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TryOnStatistics } from '@lumen/core/jobs/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { aiAdminKeys } from '@/query-keys/ai-admin-keys.ts';

export type StatisticsRange = { from?: string; to?: string };

/** GET /admin/try-on/statistics?from&to (YYYY-MM-DD) */
export function getTryOnStatistics(range: StatisticsRange, signal?: AbortSignal): Promise<TryOnStatistics> {
  return apiClient.get<TryOnStatistics>('/admin/try-on/statistics', { query: range, signal });
}

export function tryOnStatisticsQueryOptions(range: StatisticsRange) {
  return queryOptions({
    queryKey: aiAdminKeys.tryOnStatistics(range),
    queryFn: ({ signal }) => getTryOnStatistics(range, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTryOnStatisticsQuery(range: StatisticsRange) {
  return useQuery(tryOnStatisticsQueryOptions(range));
}
