import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommunityPost, LikeState, ModerationAction, ModerationPost, PublishPostBody } from '@lumen/core/community/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { communityKeys } from '@/query-keys/community-keys.ts';
import type { GalleryParams, QueueFilter, SearchParams } from '@/query-keys/community-keys.ts';

export type Paginated<T> = { items: T[]; page: number; limit: number; total: number; totalPages: number };

export function useGalleryQuery(params: GalleryParams) {
  return useQuery({
    queryKey: communityKeys.gallery(params),
    queryFn: ({ signal }) =>
      apiClient.get<Paginated<CommunityPost>>('/community/posts', {
        signal,
        query: { tool: params.tool || undefined, sort: params.sort, page: params.page, limit: params.limit },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSearchQuery(params: SearchParams) {
  return useQuery({
    queryKey: communityKeys.search(params),
    queryFn: ({ signal }) =>
      apiClient.get<Paginated<CommunityPost>>('/community/search', {
        signal,
        query: { q: params.q, tool: params.tool || undefined, page: params.page, limit: params.limit },
      }),
    enabled: params.q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useMyPostsQuery(page: number, enabled = true) {
  return useQuery({
    queryKey: communityKeys.mine(page),
    queryFn: ({ signal }) => apiClient.get<Paginated<CommunityPost>>('/community/posts/mine', { signal, query: { page, limit: 12 } }),
    enabled,
  });
}

export function useModerationQueueQuery(filter: QueueFilter, page: number) {
  return useQuery({
    queryKey: communityKeys.queue(filter, page),
    queryFn: ({ signal }) =>
      apiClient.get<Paginated<ModerationPost>>('/admin/community/queue', { signal, query: { filter, page, limit: 20 } }),
    placeholderData: keepPreviousData,
  });
}

function useCommunityMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.all }) });
}

export function usePublishPost() {
  return useCommunityMutation((body: PublishPostBody) => apiClient.post<CommunityPost>('/community/posts', body));
}

export function useDeletePost() {
  return useCommunityMutation((id: string) => apiClient.delete<null>(`/community/posts/${encodeURIComponent(id)}`));
}

export function useToggleLike() {
  return useCommunityMutation(({ id, liked }: { id: string; liked: boolean }) =>
    liked
      ? apiClient.post<LikeState>(`/community/posts/${encodeURIComponent(id)}/like`)
      : apiClient.delete<LikeState>(`/community/posts/${encodeURIComponent(id)}/like`),
  );
}

export function useReportPost() {
  return useCommunityMutation(({ id, reason }: { id: string; reason: string }) =>
    apiClient.post<{ reported: true }>(`/community/posts/${encodeURIComponent(id)}/report`, { reason }),
  );
}

export function useModeratePost() {
  return useCommunityMutation(({ id, action, reason }: { id: string; action: ModerationAction; reason: string }) =>
    apiClient.post<ModerationPost>(`/admin/community/posts/${encodeURIComponent(id)}/${action}`, { reason }),
  );
}

/** Where 'Use this prompt' leads: the tool, its prompt field filled in. */
export function promptPathOf(post: Pick<CommunityPost, 'service' | 'prompt'>): string {
  return `/dashboard/tools/${post.service}?prompt=${encodeURIComponent(post.prompt)}`;
}
