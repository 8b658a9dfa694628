export { adminCommunityRoutes } from './admin.routes.ts';
export { communityRoutes } from './community.routes.ts';
export { publishFeaturedPosts } from './featured-posts.ts';
export { communityPersonalData, eraseCommunityPersonalData } from './personal-data.ts';
