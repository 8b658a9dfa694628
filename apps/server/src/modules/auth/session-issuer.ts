import { randomUUID } from 'node:crypto';
import type { Role } from '@lumen/core/users/schemas';
import { accountSuspendedMessage } from '@lumen/core/users/suspension';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findUserSuspendedAt } from '../users/index.ts';
import { signAccessToken } from './access-token.ts';
import { insertRefreshToken, insertSession } from './auth.repository.ts';
import { REFRESH_TOKEN_TTL_SECONDS, generateRefreshToken, hashRefreshToken } from './refresh-token.ts';

/** A new token pair as issued: the routes set the refresh token's cookie and answer it in the body only when asked. */
export type IssuedTokens = { accessToken: string; refreshToken: string };

export type ClientInfo = { ip: string; userAgent: string | null };

type Deps = { db: Db; jwtSecret: string; clock: () => Date };

/** Starts sessions (one auth_sessions row + a refresh-token family) and mints their tokens. */
export function createSessionIssuer({ db, jwtSecret, clock }: Deps) {
  async function issueRefreshToken(
    executor: Db,
    input: { userId: string; sessionId: string; tokenId: string; client: ClientInfo },
  ): Promise<string> {
    const refreshToken = generateRefreshToken();
    await insertRefreshToken(executor, {
      id: input.tokenId,
      userId: input.userId,
      familyId: input.sessionId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(clock().getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      userAgent: input.client.userAgent?.slice(0, 512) ?? null,
      ip: input.client.ip,
    });
    return refreshToken;
  }

  return {
    /** A new session for a sign-in; never for a suspended account, whichever way it signs in. */
    async startSession(
      user: { id: string; role: Role },
      client: ClientInfo,
      executor: Db = db,
    ): Promise<IssuedTokens & { sessionId: string }> {
      if (await findUserSuspendedAt(executor, user.id)) throw new AppError('FORBIDDEN', 403, accountSuspendedMessage);
      const sessionId = randomUUID();
      await insertSession(executor, {
        id: sessionId,
        userId: user.id,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
        ip: client.ip,
        now: clock(),
      });
      const refreshToken = await issueRefreshToken(executor, { userId: user.id, sessionId, tokenId: randomUUID(), client });
      const accessToken = await signAccessToken(jwtSecret, { userId: user.id, role: user.role, sessionId });
      return { accessToken, refreshToken, sessionId };
    },

    /** The next token pair of an existing session (rotation). */
    async continueSession(
      executor: Db,
      user: { id: string; role: Role },
      input: { sessionId: string; tokenId: string; client: ClientInfo },
    ): Promise<IssuedTokens> {
      const refreshToken = await issueRefreshToken(executor, { userId: user.id, ...input });
      const accessToken = await signAccessToken(jwtSecret, { userId: user.id, role: user.role, sessionId: input.sessionId });
      return { accessToken, refreshToken };
    },
  };
}

export type SessionIssuer = ReturnType<typeof createSessionIssuer>;
