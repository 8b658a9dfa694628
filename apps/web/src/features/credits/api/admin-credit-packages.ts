import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import type { CreateCreditPackageBody, UpdateCreditPackageBody } from '@lumen/core/admin/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { invalidatePublicCatalogue } from '@/query-keys/public-catalogue.ts';

/** GET /admin/credit-packages: every non-archived package (active and inactive), in order. */
export function getAdminCreditPackages(signal?: AbortSignal): Promise<CreditPackage[]> {
  return apiClient.get<CreditPackage[]>('/admin/credit-packages', { signal });
}

export function adminCreditPackagesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.creditPackages(), queryFn: ({ signal }) => getAdminCreditPackages(signal), staleTime: 0 });
}

export function useAdminCreditPackagesQuery() {
  return useQuery(adminCreditPackagesQueryOptions());
}

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
