import { keepPreviousData, queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditHistory } from '@lumen/core/credits/schemas';
import type { AdjustCreditsBody, AdjustCreditsResult } from '@lumen/core/admin/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';

type PageParams = { page: number; limit: number };

/** GET /admin/users/{id}/credits/history?limit&page: the user's ledger, newest first. */
export function getAdminUserHistory(id: string, params: PageParams, signal?: AbortSignal): Promise<CreditHistory> {
  return apiClient.get<CreditHistory>(`/admin/users/${encodeURIComponent(id)}/credits/history`, { query: params, signal });
}

export function adminUserHistoryQueryOptions(id: string, params: PageParams) {
  return queryOptions({
    queryKey: adminKeys.userHistory(id, params),
    queryFn: ({ signal }) => getAdminUserHistory(id, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminUserHistoryQuery(id: string, params: PageParams, enabled = true) {
  return useQuery({ ...adminUserHistoryQueryOptions(id, params), enabled });
}

export type AdjustUserCreditsInput = { userId: string; body: AdjustCreditsBody; idempotencyKey: string };

/**
 * POST /admin/users/{id}/credits {amount, reason}: a ledger entry (positive adds, negative deducts).
 * The Idempotency-Key makes a resent form change nothing twice; 409 when the balance would go negative.
 */
export function adjustUserCredits({ userId, body, idempotencyKey }: AdjustUserCreditsInput): Promise<AdjustCreditsResult> {
  return apiClient.post<AdjustCreditsResult>(`/admin/users/${encodeURIComponent(userId)}/credits`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useAdjustUserCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustUserCredits,
    onSuccess: (_result, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.user(userId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.userLists() }),
      ]),
  });
}
