import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { AdminIntroductionDialog, UpdateIntroductionDialogBody } from '@lumen/core/jobs/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { aiAdminKeys } from '@/query-keys/ai-admin-keys.ts';

/** GET /admin/introduction-dialogs: one per service. */
export function getAdminIntroductionDialogs(signal?: AbortSignal): Promise<AdminIntroductionDialog[]> {
  return apiClient.get<AdminIntroductionDialog[]>('/admin/introduction-dialogs', { signal });
}

export function adminIntroductionDialogsQueryOptions() {
  return queryOptions({ queryKey: aiAdminKeys.introductionDialogs(), queryFn: ({ signal }) => getAdminIntroductionDialogs(signal) });
}

export function useAdminIntroductionDialogsQuery() {
  return useQuery(adminIntroductionDialogsQueryOptions());
}

/** PUT /admin/introduction-dialogs/{service} {title, body, enabled} */
export function updateIntroductionDialog({
  service,
  body,
}: {
  service: ServiceKey;
  body: UpdateIntroductionDialogBody;
}): Promise<AdminIntroductionDialog> {
  return apiClient.put<AdminIntroductionDialog>(`/admin/introduction-dialogs/${service}`, body);
}

export function useUpdateIntroductionDialog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIntroductionDialog,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiAdminKeys.introductionDialogs() }),
  });
}
