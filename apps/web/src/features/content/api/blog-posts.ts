import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPost, PublicPostList, PublicPostsQuery } from '@lumen/core/content/blog';
import { apiClient } from '@/lib/api-client.ts';
import { contentKeys } from '@/query-keys/content-keys.ts';

/** GET /blog/posts?page&limit&tag */
export function getBlogPosts(query: PublicPostsQuery, signal?: AbortSignal): Promise<PublicPostList> {
  return apiClient.get<PublicPostList>('/blog/posts', { query, signal });
}

export function blogPostsQueryOptions(query: PublicPostsQuery) {
  return queryOptions({
    queryKey: contentKeys.postList(query),
    queryFn: ({ signal }) => getBlogPosts(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBlogPostsQuery(query: PublicPostsQuery) {
  return useQuery(blogPostsQueryOptions(query));
}

/** GET /blog/posts/{slug} */
export function getBlogPost(slug: string, signal?: AbortSignal): Promise<PublicPost> {
  return apiClient.get<PublicPost>(`/blog/posts/${encodeURIComponent(slug)}`, { signal });
}

export function useBlogPostQuery(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: contentKeys.post(slug),
      queryFn: ({ signal }) => getBlogPost(slug, signal),
      retry: false,
      // A "not found" rendered by the server stays as rendered; asking again on hydration would swap it for a spinner.
      retryOnMount: false,
    }),
  );
}
