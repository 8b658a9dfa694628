import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdjustCreditsBody, AdjustCreditsResult } from '@lumen/core/admin/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';

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
