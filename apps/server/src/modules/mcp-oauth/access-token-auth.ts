import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defaultApiKeyRateLimit } from '@lumen/core/api-keys/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { accountSuspendedMessage } from '@lumen/core/users/suspension';
import { AppError } from '../../plugins/app-error.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { userDirectory } from '../users/index.ts';
import { hashSecret } from './oauth-secrets.ts';
import { sameResource } from './oauth-urls.ts';
import { oauthGrants, oauthTokens } from './tables.ts';
import { failedAuthOf } from '../limits/index.ts';
import { rateLimitStoreOf } from '../api-keys/index.ts';

export const ACCESS_TOKEN_INVALID_MESSAGE = 'This access token is unknown, expired or revoked. Sign in again from your assistant.';
/** Requests a grant's tokens may make per minute, as an API key's default. */
export const GRANT_RATE_LIMIT = defaultApiKeyRateLimit;
const RATE_LIMIT_WINDOW_MS = 60_000;
/** last_used_at is written at most this often per grant. */
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

const owner = userDirectory('owner');

/** The grant a request on /mcp acts with (request.mcpGrant): its user, services and monthly cap. */
export type McpGrant = {
  id: string;
  userId: string;
  allowedServices: ServiceKey[];
  monthlyCreditCap: number;
  limit: { remaining: number; resetSeconds: number };
};

/**
 * Checks an MCP OAuth access token: known, unexpired, its grant live and bound to `resource`, its user not
 * suspended. An unknown token counts against the address's failed authentications like a wrong API key. Then the
 * request counts against the grant's per-minute limit (429) and acts as the grant's user, never as ADMIN.
 */
export async function authenticateAccessToken(request: FastifyRequest, token: string, resource: string): Promise<McpGrant> {
  const { db } = request.server;
  const client = clientAddress(request);
  failedAuthOf(request.server).refuseIfLockedOut(client);
  const now = request.server.clock();
  const [row] = await db
    .select({
      expiresAt: oauthTokens.expiresAt,
      grantId: oauthGrants.id,
      userId: oauthGrants.userId,
      allowedServices: oauthGrants.allowedServices,
      monthlyCreditCap: oauthGrants.monthlyCreditCap,
      resource: oauthGrants.resource,
      revokedAt: oauthGrants.revokedAt,
      suspendedAt: owner.suspendedAt,
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(owner, eq(owner.id, oauthGrants.userId))
    .where(and(eq(oauthTokens.tokenHash, hashSecret(token)), eq(oauthTokens.kind, 'access')));
  if (!row || row.revokedAt || !sameResource(row.resource, resource)) {
    await failedAuthOf(request.server).countFailure(client);
    throw new AppError('UNAUTHORIZED', 401, ACCESS_TOKEN_INVALID_MESSAGE);
  }
  if (row.expiresAt <= now) throw new AppError('UNAUTHORIZED', 401, ACCESS_TOKEN_INVALID_MESSAGE);
  if (row.suspendedAt) throw new AppError('UNAUTHORIZED', 401, accountSuspendedMessage);

  const grant: McpGrant = {
    id: row.grantId,
    userId: row.userId,
    allowedServices: row.allowedServices,
    monthlyCreditCap: row.monthlyCreditCap,
    limit: { remaining: GRANT_RATE_LIMIT, resetSeconds: 0 },
  };
  await countGrantRequests(request, grant, 1);
  await db
    .update(oauthGrants)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(oauthGrants.id, grant.id),
        or(isNull(oauthGrants.lastUsedAt), lt(oauthGrants.lastUsedAt, sql`${now}::timestamptz - ${LAST_USED_RESOLUTION}`)),
      ),
    );
  request.user = { id: row.userId, role: 'USER', sessionId: '' };
  return grant;
}

/** Counts `calls` requests against the grant's per-minute limit (the API keys' store); past it the request is a 429. */
export async function countGrantRequests(request: FastifyRequest, grant: McpGrant, calls: number): Promise<void> {
  if (calls < 1) return;
  const hit = await rateLimitStoreOf(request.server).hit(`oauth-grant:${grant.id}`, RATE_LIMIT_WINDOW_MS, calls);
  const resetSeconds = Math.max(1, Math.ceil((hit.resetAtMs - Date.now()) / 1000));
  grant.limit = { remaining: Math.max(0, GRANT_RATE_LIMIT - hit.count), resetSeconds };
  if (hit.count > GRANT_RATE_LIMIT) {
    throw new AppError('RATE_LIMITED', 429, `Too many requests. Please try again in ${resetSeconds} seconds.`, {
      retryAfterSeconds: resetSeconds,
    });
  }
}
