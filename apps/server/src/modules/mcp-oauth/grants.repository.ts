import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_MS } from './oauth-lifetimes.ts';
import { hashSecret, newAccessToken, newRefreshToken } from './oauth-secrets.ts';
import { oauthAuthorizations, oauthClients, oauthGrants, oauthTokens } from './tables.ts';

/** Why a grant ended (oauth_grants.revoked_reason). */
export type RevokeReason = 'user' | 'client' | 'refresh_token_reuse' | 'code_reuse' | 'account_deleted';

export type IssuedTokens = { accessToken: string; refreshToken: string; expiresIn: number };

/** A new access token and refresh token of the grant; only their hashes are stored. */
export async function issueTokens(db: Db, grantId: string, now: Date): Promise<IssuedTokens> {
  const accessToken = newAccessToken();
  const refreshToken = newRefreshToken();
  await db.insert(oauthTokens).values([
    {
      grantId,
      kind: 'access',
      tokenHash: hashSecret(accessToken),
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
      createdAt: now,
    },
    {
      grantId,
      kind: 'refresh',
      tokenHash: hashSecret(refreshToken),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      createdAt: now,
    },
  ]);
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

/** Ends a grant and with it every token issued under it; true when it was live. */
export async function revokeGrant(db: Db, grantId: string, reason: RevokeReason, userId?: string): Promise<boolean> {
  const conditions = [eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)];
  if (userId) conditions.push(eq(oauthGrants.userId, userId));
  const revoked = await db
    .update(oauthGrants)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: oauthGrants.id });
  if (revoked.length > 0) await db.delete(oauthTokens).where(eq(oauthTokens.grantId, grantId));
  return revoked.length > 0;
}

/** A user's grants with their client, newest first (revoked ones included when `withRevoked`). */
export async function findGrantsOfUser(db: Db, userId: string, withRevoked = false) {
  const conditions = [eq(oauthGrants.userId, userId)];
  if (!withRevoked) conditions.push(isNull(oauthGrants.revokedAt));
  return db
    .select({
      id: oauthGrants.id,
      clientName: oauthClients.clientName,
      clientUri: oauthClients.clientUri,
      clientId: oauthClients.clientId,
      allowedServices: oauthGrants.allowedServices,
      monthlyCreditCap: oauthGrants.monthlyCreditCap,
      resource: oauthGrants.resource,
      createdAt: oauthGrants.createdAt,
      lastUsedAt: oauthGrants.lastUsedAt,
      revokedAt: oauthGrants.revokedAt,
      revokedReason: oauthGrants.revokedReason,
    })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(...conditions))
    .orderBy(desc(oauthGrants.createdAt));
}

export type GrantOfUser = Awaited<ReturnType<typeof findGrantsOfUser>>[number];

/** A closed account's grants, tokens and answered consent requests go with it (the users row stays as a tombstone). */
export async function deleteGrantsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(oauthAuthorizations).where(eq(oauthAuthorizations.userId, userId));
  await db.delete(oauthGrants).where(eq(oauthGrants.userId, userId));
}
