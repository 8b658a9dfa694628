import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Overview, OverviewRange } from '@lumen/core/admin/overview';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';

/** GET /admin/overview?range: the admin home's figures of the range and what needs attention now. */
export function useAdminOverviewQuery(range: OverviewRange) {
  return useQuery({
    queryKey: [...adminKeys.all, 'overview', range],
    queryFn: ({ signal }) => apiClient.get<Overview>('/admin/overview', { query: { range }, signal }),
    placeholderData: keepPreviousData,
  });
}
