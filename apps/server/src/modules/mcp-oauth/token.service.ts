import { and, eq, isNull, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { revokeGrant, issueTokens } from './grants.repository.ts';
import { OAuthError } from './oauth-error.ts';
import { CODE_VERIFIER_PATTERN, hashSecret, s256Challenge } from './oauth-secrets.ts';
import { sameResource } from './oauth-urls.ts';
import { oauthAuthorizations, oauthClients, oauthGrants, oauthTokens } from './tables.ts';

/** RFC 6749 §5.1 successful token response. */
export type TokenResponse = { access_token: string; token_type: 'Bearer'; expires_in: number; refresh_token: string; scope: string };

export const tokenMessages = {
  grantType: 'grant_type must be authorization_code or refresh_token',
  clientIdMissing: 'client_id is required',
  unknownClient: 'Unknown client_id',
  codeMissing: 'code is required',
  verifierMissing: 'code_verifier is required (PKCE)',
  codeInvalid: 'The authorization code is unknown, expired or was already used',
  codeReused: 'The authorization code was already used; the access granted with it is revoked. Sign in again.',
  wrongClient: 'The authorization code or refresh token was issued to another client',
  redirectMismatch: 'redirect_uri does not match the one of the authorization request',
  verifierMismatch: 'code_verifier does not match the code_challenge (PKCE)',
  resourceMismatch: (resource: string) => `resource must be ${resource}`,
  refreshMissing: 'refresh_token is required',
  refreshInvalid: 'The refresh token is unknown, expired or revoked. Sign in again.',
  refreshReused: 'The refresh token was already used; the access granted to this app is revoked. Sign in again.',
} as const;

type Params = Record<string, string | undefined>;

export function createTokenService(deps: { db: Db; clock: () => Date }) {
  const { db } = deps;

  async function clientOf(params: Params) {
    if (!params.client_id) throw new OAuthError('invalid_request', tokenMessages.clientIdMissing);
    const [client] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, params.client_id));
    if (!client) throw new OAuthError('invalid_client', tokenMessages.unknownClient, 401);
    return client;
  }

  function checkResource(params: Params, resource: string): void {
    if (params.resource !== undefined && !sameResource(params.resource, resource)) {
      throw new OAuthError('invalid_target', tokenMessages.resourceMismatch(resource));
    }
  }

  async function respond(grantId: string, services: string[]): Promise<TokenResponse> {
    const issued = await issueTokens(db, grantId, deps.clock());
    return {
      access_token: issued.accessToken,
      token_type: 'Bearer',
      expires_in: issued.expiresIn,
      refresh_token: issued.refreshToken,
      scope: services.join(' '),
    };
  }

  /**
   * authorization_code: the code is claimed in one conditional statement (a second use finds it used, and the
   * grant made with it is revoked: RFC 6749 §4.1.2), then must be unexpired and match the client, the redirect_uri,
   * the PKCE challenge (S256 of code_verifier) and the resource.
   */
  async function exchangeCode(params: Params): Promise<TokenResponse> {
    const client = await clientOf(params);
    if (!params.code) throw new OAuthError('invalid_request', tokenMessages.codeMissing);
    if (!params.code_verifier) throw new OAuthError('invalid_request', tokenMessages.verifierMissing);
    const now = deps.clock();
    const codeHash = hashSecret(params.code);
    const [claimed] = await db
      .update(oauthAuthorizations)
      .set({ codeUsedAt: now })
      .where(and(eq(oauthAuthorizations.codeHash, codeHash), isNull(oauthAuthorizations.codeUsedAt)))
      .returning();
    if (!claimed) {
      const [spent] = await db
        .select({ grantId: oauthAuthorizations.grantId })
        .from(oauthAuthorizations)
        .where(and(eq(oauthAuthorizations.codeHash, codeHash), isNotNull(oauthAuthorizations.codeUsedAt)));
      if (spent?.grantId) {
        await revokeGrant(db, spent.grantId, 'code_reuse');
        throw new OAuthError('invalid_grant', tokenMessages.codeReused);
      }
      throw new OAuthError('invalid_grant', tokenMessages.codeInvalid);
    }
    if (!claimed.grantId || !claimed.codeExpiresAt || claimed.codeExpiresAt <= now)
      throw new OAuthError('invalid_grant', tokenMessages.codeInvalid);
    if (claimed.clientId !== client.id) throw new OAuthError('invalid_grant', tokenMessages.wrongClient);
    if (params.redirect_uri !== claimed.redirectUri) throw new OAuthError('invalid_grant', tokenMessages.redirectMismatch);
    if (!CODE_VERIFIER_PATTERN.test(params.code_verifier) || s256Challenge(params.code_verifier) !== claimed.codeChallenge) {
      throw new OAuthError('invalid_grant', tokenMessages.verifierMismatch);
    }
    checkResource(params, claimed.resource);
    const [grant] = await db
      .select()
      .from(oauthGrants)
      .where(and(eq(oauthGrants.id, claimed.grantId), isNull(oauthGrants.revokedAt)));
    if (!grant) throw new OAuthError('invalid_grant', tokenMessages.codeInvalid);
    return respond(grant.id, grant.allowedServices);
  }

  /**
   * refresh_token with rotation: the token is marked used in one conditional statement and exchanged for a new pair;
   * presenting a used one again means it leaked, so the whole grant is revoked (OAuth 2.1 §4.3.1).
   */
  async function refresh(params: Params): Promise<TokenResponse> {
    const client = await clientOf(params);
    if (!params.refresh_token) throw new OAuthError('invalid_request', tokenMessages.refreshMissing);
    const now = deps.clock();
    const [row] = await db
      .select({ token: oauthTokens, grant: oauthGrants })
      .from(oauthTokens)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
      .where(and(eq(oauthTokens.tokenHash, hashSecret(params.refresh_token)), eq(oauthTokens.kind, 'refresh')));
    if (!row || row.grant.revokedAt) throw new OAuthError('invalid_grant', tokenMessages.refreshInvalid);
    if (row.grant.clientId !== client.id) throw new OAuthError('invalid_grant', tokenMessages.wrongClient);
    const used = await db
      .update(oauthTokens)
      .set({ usedAt: now })
      .where(and(eq(oauthTokens.id, row.token.id), isNull(oauthTokens.usedAt)))
      .returning({ id: oauthTokens.id });
    if (used.length === 0) {
      await revokeGrant(db, row.grant.id, 'refresh_token_reuse');
      throw new OAuthError('invalid_grant', tokenMessages.refreshReused);
    }
    if (row.token.expiresAt <= now) throw new OAuthError('invalid_grant', tokenMessages.refreshInvalid);
    checkResource(params, row.grant.resource);
    return respond(row.grant.id, row.grant.allowedServices);
  }

  return {
    /** POST /oauth/token (form-encoded, public clients: client_id in the body, no secret). */
    async token(params: Params): Promise<TokenResponse> {
      if (params.grant_type === 'authorization_code') return exchangeCode(params);
      if (params.grant_type === 'refresh_token') return refresh(params);
      throw new OAuthError('unsupported_grant_type', tokenMessages.grantType);
    },

    /**
     * POST /oauth/revoke (RFC 7009): a refresh token ends its grant, an access token only itself; an unknown token
     * is not an error. Only the client the token was issued to may revoke it.
     */
    async revoke(params: Params): Promise<void> {
      const client = await clientOf(params);
      if (!params.token) throw new OAuthError('invalid_request', 'token is required');
      const [row] = await db
        .select({ token: oauthTokens, clientId: oauthGrants.clientId })
        .from(oauthTokens)
        .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
        .where(eq(oauthTokens.tokenHash, hashSecret(params.token)));
      if (!row || row.clientId !== client.id) return;
      if (row.token.kind === 'refresh') await revokeGrant(db, row.token.grantId, 'client');
      else await db.delete(oauthTokens).where(eq(oauthTokens.id, row.token.id));
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
