import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCreditPackageBody } from '@lumen/core/admin/schemas';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

/** POST /admin/credit-packages */
export function createCreditPackage(body: CreateCreditPackageBody): Promise<CreditPackage> {
  return apiClient.post<CreditPackage>('/admin/credit-packages', body);
}

export function useCreateCreditPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreditPackage,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.creditPackages() }), invalidatePublicCatalogue(queryClient)]),
  });
}
