import type { AdminPostsQuery, PublicPostsQuery } from '@lumen/core/content/blog';

/** Query keys of the blog, contact, newsletter and video resources (one factory; mutations invalidate through it). */
export const contentKeys = {
  all: ['content'] as const,
  posts: () => [...contentKeys.all, 'posts'] as const,
  postList: (query: PublicPostsQuery) => [...contentKeys.posts(), 'list', query] as const,
  post: (slug: string) => [...contentKeys.posts(), 'one', slug] as const,
  adminPosts: () => [...contentKeys.all, 'admin-posts'] as const,
  adminPostList: (query: AdminPostsQuery) => [...contentKeys.adminPosts(), 'list', query] as const,
  adminPost: (slug: string) => [...contentKeys.adminPosts(), 'one', slug] as const,
  contactMessages: () => [...contentKeys.all, 'contact-messages'] as const,
  subscribers: () => [...contentKeys.all, 'subscribers'] as const,
  campaigns: () => [...contentKeys.all, 'campaigns'] as const,
  campaign: (id: string) => [...contentKeys.campaigns(), id] as const,
  videos: () => [...contentKeys.all, 'videos'] as const,
};
