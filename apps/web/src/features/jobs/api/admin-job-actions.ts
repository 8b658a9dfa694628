import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminJob } from '@lumen/core/jobs/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { aiAdminKeys } from '@/query-keys/ai-admin-keys.ts';

export type AdminJobAction = 'retry' | 'refund';

/** POST /admin/jobs/{id}/retry (re-queue without charging again) or /refund (once; 409 if already refunded). */
export function runAdminJobAction({ id, action }: { id: string; action: AdminJobAction }): Promise<AdminJob> {
  return apiClient.post<AdminJob>(`/admin/jobs/${encodeURIComponent(id)}/${action}`, {});
}

export function useAdminJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAdminJobAction,
    onSuccess: (_job, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: aiAdminKeys.job(id) }),
        queryClient.invalidateQueries({ queryKey: aiAdminKeys.jobLists() }),
      ]),
  });
}
