import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { IssuedApiKey } from '@lumen/core/api-keys/schemas';
import type { Db } from '../db/database.ts';
import { setBalance } from './credit-helpers.ts';
import { bearer, registerUser } from './http-helpers.ts';
import { users } from '../modules/users/tables.ts';

/** A registered user with a verified e-mail and `balance` credits. */
export async function verifiedUser(app: FastifyInstance, db: Db, balance = 0, headers: Record<string, string> = {}) {
  const registered = await registerUser(app, {}, headers);
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, registered.user.id));
  await setBalance(db, registered.user.id, balance);
  return { id: registered.user.id, token: registered.accessToken };
}

export async function generateKey(app: FastifyInstance, token: string, body: Record<string, unknown> = {}): Promise<IssuedApiKey> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/api-keys/generate',
    headers: bearer(token),
    payload: { name: 'Test key', ...body },
  });
  if (response.statusCode !== 201) throw new Error(`generate failed: ${response.statusCode} ${response.body}`);
  return response.json().data as IssuedApiKey;
}

export const xApiKey = (key: string) => ({ 'x-api-key': key });
