import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCreditPackageBody } from '@lumen/core/admin/schemas';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

/** PUT /admin/credit-packages/{id} */
export function updateCreditPackage({ id, body }: { id: string; body: UpdateCreditPackageBody }): Promise<CreditPackage> {
  return apiClient.put<CreditPackage>(`/admin/credit-packages/${encodeURIComponent(id)}`, body);
}

export function useUpdateCreditPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCreditPackage,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.creditPackages() }), invalidatePublicCatalogue(queryClient)]),
  });
}
