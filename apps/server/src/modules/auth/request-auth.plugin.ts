import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountSecurityMessages } from '@lumen/core/auth/one-time-code';
import { accountSuspendedMessage } from '@lumen/core/users/suspension';
import type { RequestAuth } from '../../plugins/fastify-types.ts';
import { AppError } from '../../plugins/app-error.ts';
import { AUTH_REQUIRED_MESSAGE } from '../../plugins/guards.ts';
import { apiKeyCredential, authenticateApiKey } from '../api-keys/index.ts';
import { findUserAccess } from '../users/index.ts';
import { verifyAccessToken } from './access-token.ts';
import { findSessionState } from './auth.repository.ts';
import { createSessionStateCache } from './session-state-cache.ts';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * app.requestAuth, what the route guards (plugins/guards.ts) call. The session check makes sign-out, password
 * changes, revocations and suspensions immediate; its answer is kept in memory until the database announces a change
 * of that user's sessions (session-state-cache.ts), so most signed-in requests cost no query for it.
 * An API key (X-API-Key, or Bearer sk_live_…) is accepted only on routes with `config: { apiKey: true }`.
 */
export const requestAuthPlugin = fp(
  async (app: FastifyInstance) => {
    const sessionStates = createSessionStateCache(app.database.changes);
    const requestAuth: RequestAuth = {
      async authenticate(request) {
        const apiKey = apiKeyCredential(request);
        if (apiKey !== null) return authenticateApiKey(request, apiKey);
        const token = bearerToken(request);
        const claims = token ? await verifyAccessToken(app.config.jwtSecret, token) : null;
        if (!claims) throw new AppError('UNAUTHORIZED', 401, AUTH_REQUIRED_MESSAGE);
        const session = await sessionStates.get(claims.sessionId, claims.userId, () => findSessionState(app.db, claims.sessionId));
        if (!session || session.revokedAt || session.userId !== claims.userId) {
          throw new AppError('UNAUTHORIZED', 401, accountSecurityMessages.sessionEnded);
        }
        // Suspension revokes the sessions too; this read is the guarantee, checked on every request.
        if (session.suspendedAt) throw new AppError('UNAUTHORIZED', 401, accountSuspendedMessage);
        // The role the database has now, not the one signed into the token up to 15 minutes ago.
        request.user = { id: claims.userId, role: session.role, sessionId: claims.sessionId };
      },
      async accountOf(userId) {
        const row = await findUserAccess(app.db, userId);
        return row ? { role: row.role, emailVerified: row.emailVerifiedAt !== null } : null;
      },
    };
    app.decorate('requestAuth', requestAuth);
  },
  { name: 'auth' },
);
