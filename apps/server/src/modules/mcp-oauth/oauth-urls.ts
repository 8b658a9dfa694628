/** The addresses of the MCP resource and of this authorization server, from the app's public URL (PUBLIC_URL). */
export type OAuthUrls = {
  issuer: string;
  /** The canonical /mcp address: the RFC 8707 resource every token is bound to. */
  resource: string;
  resourceMetadata: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  registrationEndpoint: string;
  revocationEndpoint: string;
  consentPage: string;
};

export const MCP_PATH = '/mcp';
export const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';
export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';
export const AUTHORIZE_PATH = '/oauth/authorize';
export const TOKEN_PATH = '/oauth/token';
export const REGISTER_PATH = '/oauth/register';
export const REVOKE_PATH = '/oauth/revoke';
/** The web app's consent page (apps/web), which reads and answers the request through /api/v1/oauth/authorizations. */
export const CONSENT_PAGE_PATH = '/oauth/consent';

export function oauthUrls(publicUrl: string): OAuthUrls {
  const issuer = publicUrl.replace(/\/+$/, '');
  return {
    issuer,
    resource: `${issuer}${MCP_PATH}`,
    resourceMetadata: `${issuer}${RESOURCE_METADATA_PATH}${MCP_PATH}`,
    authorizationEndpoint: `${issuer}${AUTHORIZE_PATH}`,
    tokenEndpoint: `${issuer}${TOKEN_PATH}`,
    registrationEndpoint: `${issuer}${REGISTER_PATH}`,
    revocationEndpoint: `${issuer}${REVOKE_PATH}`,
    consentPage: `${issuer}${CONSENT_PAGE_PATH}`,
  };
}

/** Two resource indicators name the same resource when they differ at most by a trailing slash. */
export function sameResource(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}
