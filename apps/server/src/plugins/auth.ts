import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import '../fastify-types.ts';
import { accountSecurityMessages } from '@lumen/core/auth/one-time-code';
import { accountSuspendedMessage } from '@lumen/core/users/suspension';
import { verifyAccessToken } from '../modules/auth/access-token.ts';
import { findSessionState } from '../modules/auth/auth.repository.ts';
import { apiKeyCredential, authenticateApiKey } from '../modules/api-keys/key-auth.ts';
import { users } from '../modules/users/tables.ts';
import { AppError } from './app-error.ts';

export const AUTH_REQUIRED_MESSAGE = 'Please sign in to continue';
export const ADMIN_REQUIRED_MESSAGE = 'You need ADMIN privileges to do this';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * preHandler: a valid access token whose session is still live; sets request.user. The session
 * check (one primary-key lookup) makes sign-out, password changes, revocations and suspensions immediate.
 * An API key (X-API-Key, or Bearer sk_live_…) is accepted only on routes with `config: { apiKey: true }`.
 */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  const apiKey = apiKeyCredential(request);
  if (apiKey !== null) return authenticateApiKey(request, apiKey);
  const token = bearerToken(request);
  const claims = token ? await verifyAccessToken(request.server.config.jwtSecret, token) : null;
  if (!claims) throw new AppError('UNAUTHORIZED', 401, AUTH_REQUIRED_MESSAGE);
  const session = await findSessionState(request.server.db, claims.sessionId);
  if (!session || session.revokedAt || session.userId !== claims.userId) {
    throw new AppError('UNAUTHORIZED', 401, accountSecurityMessages.sessionEnded);
  }
  // Suspension revokes the sessions too; this read is the guarantee, checked on every request.
  if (session.suspendedAt) throw new AppError('UNAUTHORIZED', 401, accountSuspendedMessage);
  request.user = { id: claims.userId, role: claims.role, sessionId: claims.sessionId };
}

/** preHandler (after requireAuth): the user has verified their e-mail address (decision 006). */
export async function requireVerifiedEmail(request: FastifyRequest): Promise<void> {
  const [row] = await request.server.db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, currentUser(request).id));
  if (!row) throw new AppError('UNAUTHORIZED', 401, AUTH_REQUIRED_MESSAGE);
  if (!row.emailVerifiedAt) throw new AppError('FORBIDDEN', 403, accountSecurityMessages.verifyEmailFirst);
}

/** preHandler: signed in and ADMIN now (the role is re-read, not trusted from a 15-minute-old token). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireAuth(request);
  const [row] = await request.server.db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, request.user?.id ?? ''));
  if (!row) throw new AppError('UNAUTHORIZED', 401, AUTH_REQUIRED_MESSAGE);
  if (row.role !== 'ADMIN') throw new AppError('FORBIDDEN', 403, ADMIN_REQUIRED_MESSAGE);
  request.user = { id: request.user?.id ?? '', role: row.role, sessionId: request.user?.sessionId ?? '' };
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
  },
  { name: 'auth' },
);

/** The signed-in user of a route guarded by requireAuth. */
export function currentUser(request: FastifyRequest) {
  if (!request.user) throw new AppError('UNAUTHORIZED', 401, AUTH_REQUIRED_MESSAGE);
  return request.user;
}
