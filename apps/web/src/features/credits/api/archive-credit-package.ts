import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

/** DELETE /admin/credit-packages/{id}: archives the package (never hard-deleted). */
export function archiveCreditPackage(id: string): Promise<null> {
  return apiClient.delete<null>(`/admin/credit-packages/${encodeURIComponent(id)}`);
}

export function useArchiveCreditPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveCreditPackage,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.creditPackages() }), invalidatePublicCatalogue(queryClient)]),
  });
}
