import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';

/** The parts of an OpenID provider's discovery document this app uses. */
const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof discoverySchema> & { jwks: ReturnType<typeof createRemoteJWKSet> };

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const discoveryCache = new Map<string, { at: number; discovery: Promise<Discovery> }>();

/** `${issuer}/.well-known/openid-configuration`, fetched once an hour per issuer (a failure is not cached). */
function discover(issuer: string): Promise<Discovery> {
  const cached = discoveryCache.get(issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.discovery;
  const discovery = (async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`OpenID discovery answered ${response.status}`);
    const document = discoverySchema.parse(await response.json());
    return { ...document, jwks: createRemoteJWKSet(new URL(document.jwks_uri)) };
  })();
  discoveryCache.set(issuer, { at: Date.now(), discovery });
  discovery.catch(() => discoveryCache.delete(issuer));
  return discovery;
}

export type OidcProfile = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
};

export type OidcFlowSecrets = { state: string; codeVerifier: string; nonce: string };

/** Thrown when the provider's answer cannot be trusted (exchange failed, bad id token, wrong nonce). */
export class OidcCallbackError extends Error {
  override name = 'OidcCallbackError';
}

/**
 * Authorization-code flow with PKCE (S256), state and nonce, against Google or any OpenID provider
 * at `issuer` (tests run a local one through this same code).
 */
export function createOidcClient(options: { issuer: string; clientId: string; clientSecret: string; redirectUri: string }) {
  const client = new OAuth2Client(options.clientId, options.clientSecret, options.redirectUri);
  const acceptedIssuers = options.issuer === 'https://accounts.google.com' ? [options.issuer, 'accounts.google.com'] : undefined;

  return {
    async authorizationUrl(): Promise<{ url: URL; secrets: OidcFlowSecrets }> {
      const discovery = await discover(options.issuer);
      const secrets = { state: generateState(), codeVerifier: generateCodeVerifier(), nonce: generateState() };
      const url = client.createAuthorizationURLWithPKCE(
        discovery.authorization_endpoint,
        secrets.state,
        CodeChallengeMethod.S256,
        secrets.codeVerifier,
        ['openid', 'email', 'profile'],
      );
      url.searchParams.set('nonce', secrets.nonce);
      url.searchParams.set('prompt', 'select_account');
      return { url, secrets };
    },

    /** Exchanges the code and verifies the id token (signature, issuer, audience, expiry, nonce). */
    async exchange(code: string, secrets: OidcFlowSecrets): Promise<OidcProfile> {
      const discovery = await discover(options.issuer);
      let idToken: string;
      try {
        const tokens = await client.validateAuthorizationCode(discovery.token_endpoint, code, secrets.codeVerifier);
        idToken = tokens.idToken();
      } catch (cause) {
        throw new OidcCallbackError('The authorization code could not be exchanged', { cause });
      }
      try {
        const { payload } = await jwtVerify(idToken, discovery.jwks, {
          issuer: acceptedIssuers ?? discovery.issuer,
          audience: options.clientId,
          algorithms: ['RS256', 'ES256'],
        });
        if (payload.nonce !== secrets.nonce) throw new Error('nonce mismatch');
        if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no subject');
        const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
        return {
          subject: payload.sub,
          email: text(payload.email)?.toLowerCase() ?? null,
          emailVerified: payload.email_verified === true || payload.email_verified === 'true',
          givenName: text(payload.given_name),
          familyName: text(payload.family_name),
          name: text(payload.name),
        };
      } catch (cause) {
        throw new OidcCallbackError('The id token is not valid', { cause });
      }
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
