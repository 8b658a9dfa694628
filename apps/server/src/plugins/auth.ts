import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import '../fastify-types.ts';
import { verifyAccessToken } from '../modules/auth/access-token.ts';
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

/** preHandler: a valid access token is required; sets request.user. */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  const claims = token ? await verifyAccessToken(request.server.config.jwtSecret, token) : null;
  if (!claims) throw new AppError('UNAUTHORIZED', 401, AUTH_REQUIRED_MESSAGE);
  request.user = { id: claims.userId, role: claims.role };
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
  request.user = { id: request.user?.id ?? '', role: row.role };
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
