export { ACCESS_TOKEN_INVALID_MESSAGE, authenticateAccessToken, countGrantRequests } from './access-token-auth.ts';
export type { McpGrant } from './access-token-auth.ts';
export { consentRoutes } from './consent.routes.ts';
export { deleteGrantsOfUser, findGrantsOfUser } from './grants.repository.ts';
export { looksLikeAccessToken } from './oauth-secrets.ts';
export { oauthRoutes } from './oauth.routes.ts';
export { oauthUrls } from './oauth-urls.ts';
