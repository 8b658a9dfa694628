export { adminCommunityRoutes } from './admin.routes.ts';
export { communityRoutes } from './community.routes.ts';
export { communityLikes, communityPosts } from './tables.ts';
