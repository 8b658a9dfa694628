import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { apiKeyKeys } from '@/query-keys/api-key-keys.ts';

/** DELETE /api-keys/{id} → null (the key stops working; its usage stays in the owner's history). */
export async function deleteApiKey(id: string): Promise<void> {
  await apiClient.delete<null>(`/api-keys/${encodeURIComponent(id)}`, { suppressErrorToast: true });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}
