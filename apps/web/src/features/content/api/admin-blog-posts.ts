import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPost, AdminPostList, AdminPostsQuery, CoverUpload, PostBody } from '@lumen/core/content/blog';
import { apiClient } from '@/lib/api-client.ts';
import { contentKeys } from '@/query-keys/content-keys.ts';

/** GET /admin/blog/posts?status&search&page&limit */
export function getAdminPosts(query: AdminPostsQuery, signal?: AbortSignal): Promise<AdminPostList> {
  return apiClient.get<AdminPostList>('/admin/blog/posts', { query, signal });
}

export function useAdminPostsQuery(query: AdminPostsQuery) {
  return useQuery(
    queryOptions({
      queryKey: contentKeys.adminPostList(query),
      queryFn: ({ signal }) => getAdminPosts(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /admin/blog/posts/{slug} */
export function getAdminPost(slug: string, signal?: AbortSignal): Promise<AdminPost> {
  return apiClient.get<AdminPost>(`/admin/blog/posts/${encodeURIComponent(slug)}`, { signal });
}

export function useAdminPostQuery(slug: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: contentKeys.adminPost(slug ?? ''),
      queryFn: ({ signal }) => getAdminPost(slug ?? '', signal),
      enabled: Boolean(slug),
      retry: false,
    }),
  );
}

/** POST /admin/blog/posts (no slug yet) or PUT /admin/blog/posts/{slug} */
export function savePost({ slug, body }: { slug?: string; body: PostBody }): Promise<AdminPost> {
  return slug
    ? apiClient.put<AdminPost>(`/admin/blog/posts/${encodeURIComponent(slug)}`, body)
    : apiClient.post<AdminPost>('/admin/blog/posts', body);
}

export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.adminPosts() }),
        queryClient.invalidateQueries({ queryKey: contentKeys.posts() }),
      ]);
    },
  });
}

/** DELETE /admin/blog/posts/{slug} */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => apiClient.delete<null>(`/admin/blog/posts/${encodeURIComponent(slug)}`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.adminPosts() }),
        queryClient.invalidateQueries({ queryKey: contentKeys.posts() }),
      ]);
    },
  });
}

/** POST /admin/blog/covers (multipart, field file) */
export function uploadCover(file: File): Promise<CoverUpload> {
  const form = new FormData();
  form.append('file', file);
  return apiClient.post<CoverUpload>('/admin/blog/covers', form);
}

export function useUploadCover() {
  return useMutation({ mutationFn: uploadCover });
}
