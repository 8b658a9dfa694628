import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Analytics, AnalyticsReport } from '@lumen/core/admin/analytics';
import { API_BASE, apiClient } from '@/lib/api-client.ts';
import { getStoredToken } from '@/lib/session-storage.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';

export type AnalyticsRange = { from: string; to: string };

/** GET /admin/analytics?from&to */
export function useAnalyticsQuery(range: AnalyticsRange) {
  return useQuery({
    queryKey: [...adminKeys.all, 'analytics', range],
    queryFn: ({ signal }) => apiClient.get<Analytics>('/admin/analytics', { query: range, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/analytics/export?report&from&to: downloads the CSV with the session's token. */
export async function downloadAnalyticsCsv(report: AnalyticsReport, range: AnalyticsRange): Promise<void> {
  const params = new URLSearchParams({ report, from: range.from, to: range.to });
  const token = getStoredToken();
  const response = await fetch(`${API_BASE}/admin/analytics/export?${params.toString()}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error('Could not export the report');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `lumen-${report}-${range.from}-to-${range.to}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
