export { adminBlogRoutes } from './admin.routes.ts';
export { blogRoutes } from './blog.routes.ts';
export { seedBlogPosts } from './seed-posts.ts';
export { findLiveSlugs } from './blog.repository.ts';
