import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

/** PUT /admin/credit-packages/order {ids}: every non-archived package, in the new order. */
export function reorderCreditPackages(ids: string[]): Promise<CreditPackage[]> {
  return apiClient.put<CreditPackage[]>('/admin/credit-packages/order', { ids });
}

export function useReorderCreditPackages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderCreditPackages,
    onSuccess: (packages) => {
      queryClient.setQueryData(adminKeys.creditPackages(), packages);
      return invalidatePublicCatalogue(queryClient);
    },
  });
}
