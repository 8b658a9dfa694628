import type { FastifyRequest } from 'fastify';
import './fastify-types.ts';
import { accountSecurityMessages } from '@lumen/core/auth/one-time-code';
import { AppError } from './app-error.ts';

export const AUTH_REQUIRED_MESSAGE = 'Please sign in to continue';
export const ADMIN_REQUIRED_MESSAGE = 'You need ADMIN privileges to do this';

/**
 * preHandler: a valid access token whose session is still live, or an API key on a route with
 * `config: { apiKey: true }`; sets request.user. The check itself is app.requestAuth, which the
 * auth module provides (auth/request-auth.plugin.ts).
 */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  await request.server.requestAuth.authenticate(request);
}

/** preHandler (after requireAuth): the user has verified their e-mail address (decision 006). */
export async function requireVerifiedEmail(request: FastifyRequest): Promise<void> {
  const account = await request.server.requestAuth.accountOf(currentUser(request).id);
  if (!account) throw new AppError('UNAUTHORIZED', 401, AUTH_REQUIRED_MESSAGE);
  if (!account.emailVerified) throw new AppError('FORBIDDEN', 403, accountSecurityMessages.verifyEmailFirst);
}

/** preHandler: signed in and ADMIN now (the role is re-read, not trusted from a 15-minute-old token). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireAuth(request);
  const account = await request.server.requestAuth.accountOf(request.user?.id ?? '');
  if (!account) throw new AppError('UNAUTHORIZED', 401, AUTH_REQUIRED_MESSAGE);
  if (account.role !== 'ADMIN') throw new AppError('FORBIDDEN', 403, ADMIN_REQUIRED_MESSAGE);
  request.user = { id: request.user?.id ?? '', role: account.role, sessionId: request.user?.sessionId ?? '' };
}

/** The signed-in user of a route guarded by requireAuth. */
export function currentUser(request: FastifyRequest) {
  if (!request.user) throw new AppError('UNAUTHORIZED', 401, AUTH_REQUIRED_MESSAGE);
  return request.user;
}
