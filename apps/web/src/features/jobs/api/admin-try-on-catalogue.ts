import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GarmentCategory } from '@lumen/core/services/virtual-try-on-params';
import type { TryOnCatalogueItem, UpdateTryOnItemBody } from '@lumen/core/jobs/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { aiAdminKeys } from '@/query-keys/ai-admin-keys.ts';
import type { TryOnCatalogueKind } from '@/query-keys/ai-admin-keys.ts';

/** GET /admin/try-on/{models|garments}: every item, active or not. */
export function getTryOnCatalogue(kind: TryOnCatalogueKind, signal?: AbortSignal): Promise<TryOnCatalogueItem[]> {
  return apiClient.get<TryOnCatalogueItem[]>(`/admin/try-on/${kind}`, { signal });
}

export function tryOnCatalogueQueryOptions(kind: TryOnCatalogueKind) {
  return queryOptions({ queryKey: aiAdminKeys.tryOnCatalogue(kind), queryFn: ({ signal }) => getTryOnCatalogue(kind, signal) });
}

export function useTryOnCatalogueQuery(kind: TryOnCatalogueKind) {
  return useQuery(tryOnCatalogueQueryOptions(kind));
}

export type CreateTryOnItem = { kind: TryOnCatalogueKind; image: File; name: string; category: GarmentCategory };

/** POST /admin/try-on/{kind}, multipart: image + name + category. */
export function createTryOnItem({ kind, image, name, category }: CreateTryOnItem): Promise<TryOnCatalogueItem> {
  const form = new FormData();
  form.set('name', name);
  form.set('category', category);
  form.set('image', image);
  return apiClient.post<TryOnCatalogueItem>(`/admin/try-on/${kind}`, form);
}

/** PUT /admin/try-on/{kind}/{id} {name?, category?, isActive?} */
export function updateTryOnItem({
  kind,
  id,
  body,
}: {
  kind: TryOnCatalogueKind;
  id: string;
  body: UpdateTryOnItemBody;
}): Promise<TryOnCatalogueItem> {
  return apiClient.put<TryOnCatalogueItem>(`/admin/try-on/${kind}/${encodeURIComponent(id)}`, body);
}

export function useCreateTryOnItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTryOnItem,
    onSuccess: (_item, { kind }) => queryClient.invalidateQueries({ queryKey: aiAdminKeys.tryOnCatalogue(kind) }),
  });
}

export function useUpdateTryOnItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTryOnItem,
    onSuccess: (_item, { kind }) => queryClient.invalidateQueries({ queryKey: aiAdminKeys.tryOnCatalogue(kind) }),
  });
}
