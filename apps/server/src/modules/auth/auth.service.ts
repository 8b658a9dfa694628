import { randomUUID } from 'node:crypto';
import type { AuthResult, AuthTokens } from '@lumen/core/auth/schemas';
import type { Role } from '@lumen/core/users/schemas';
import { FREE_PLAN } from '@lumen/core/credits/rules';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import { moveCredits } from '../credits/credits.service.ts';
import { insertCreditAccount } from '../credits/credits.repository.ts';
import { toUserDto } from '../users/user-dto.ts';
import { findUserByEmail, findUserWithCredit, insertUser } from '../users/users.repository.ts';
import { signAccessToken } from './access-token.ts';
import {
  findRefreshTokenByHash,
  insertRefreshToken,
  markRefreshTokenRotated,
  revokeRefreshTokenByHash,
  revokeRefreshTokenFamily,
} from './auth.repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { REFRESH_TOKEN_TTL_SECONDS, generateRefreshToken, hashRefreshToken } from './refresh-token.ts';

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export type ClientInfo = { ip: string; userAgent: string | null };

type Deps = { db: Db; hasher: PasswordHasher; throttle: LoginThrottle; jwtSecret: string };

class LostRotationRace extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createAuthService({ db, hasher, throttle, jwtSecret }: Deps) {
  async function issueTokens(
    user: { id: string; role: Role },
    client: ClientInfo,
    familyId: string = randomUUID(),
    executor: Db = db,
    tokenId: string = randomUUID(),
  ): Promise<AuthTokens> {
    const refreshToken = generateRefreshToken();
    await insertRefreshToken(executor, {
      id: tokenId,
      userId: user.id,
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip,
    });
    const accessToken = await signAccessToken(jwtSecret, { userId: user.id, role: user.role });
    return { accessToken, refreshToken };
  }

  async function authResultFor(userId: string, tokens: AuthTokens): Promise<AuthResult> {
    const user = await findUserWithCredit(db, userId);
    if (!user) throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
    return { user: toUserDto(user), ...tokens };
  }

  return {
    /** Creates the user, their credit account and the free plan's credits in one transaction. */
    async register(
      input: { firstName: string; lastName: string; email: string; password: string },
      client: ClientInfo,
    ): Promise<AuthResult> {
      if (await findUserByEmail(db, input.email)) throw new AppError('CONFLICT', 409, DUPLICATE_EMAIL_MESSAGE);
      const passwordHash = await hasher.hash(input.password);
      let userId: string;
      try {
        userId = await db.transaction(async (tx) => {
          const user = await insertUser(tx, {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email.toLowerCase(),
            passwordHash,
          });
          await insertCreditAccount(tx, user.id);
          await moveCredits(tx, {
            userId: user.id,
            amount: FREE_PLAN.credits,
            kind: 'signup_bonus',
            idempotencyKey: `signup:${user.id}`,
            reason: `${FREE_PLAN.name} plan sign-up credits`,
          });
          return user.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, DUPLICATE_EMAIL_MESSAGE);
        throw error;
      }
      const tokens = await issueTokens({ id: userId, role: 'USER' }, client);
      return authResultFor(userId, tokens);
    },

    async login(input: { email: string; password: string }, client: ClientInfo): Promise<AuthResult> {
      const waitSeconds = await throttle.retryAfterSeconds(input.email, client.ip);
      if (waitSeconds !== null) throw tooManyAttempts(waitSeconds);

      const user = await findUserByEmail(db, input.email);
      let isValid = false;
      if (user?.passwordHash) isValid = await hasher.verify(user.passwordHash, input.password);
      else await hasher.verifyDummy(input.password);

      if (!user || !isValid) {
        const delayMs = await throttle.recordFailure(input.email, client.ip);
        if (delayMs > 0) await sleep(delayMs);
        throw new AppError('UNAUTHORIZED', 401, INVALID_CREDENTIALS_MESSAGE);
      }
      await throttle.recordSuccess(input.email);
      const tokens = await issueTokens(user, client);
      return authResultFor(user.id, tokens);
    },

    /** Rotates a refresh token; a spent one revokes its whole family (token theft). */
    async refresh(refreshToken: string, client: ClientInfo): Promise<AuthTokens> {
      const stored = await findRefreshTokenByHash(db, hashRefreshToken(refreshToken));
      if (!stored) throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
      if (stored.revokedAt) {
        if (stored.replacedBy) await revokeRefreshTokenFamily(db, stored.familyId);
        throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
      }
      if (stored.expiresAt.getTime() <= Date.now()) throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);

      const user = await findUserWithCredit(db, stored.userId);
      if (!user) throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);

      const nextId = randomUUID();
      try {
        return await db.transaction(async (tx) => {
          // Insert the successor first so `replaced_by` always points at a real row.
          const issued = await issueTokens(user, client, stored.familyId, tx, nextId);
          if (!(await markRefreshTokenRotated(tx, stored.id, nextId))) throw new LostRotationRace();
          return issued;
        });
      } catch (error) {
        if (!(error instanceof LostRotationRace)) throw error;
        // Another request spent the same token a moment earlier: treat it as reuse.
        await revokeRefreshTokenFamily(db, stored.familyId);
        throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
      }
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (refreshToken) await revokeRefreshTokenByHash(db, hashRefreshToken(refreshToken));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    'RATE_LIMITED',
    429,
    `Too many failed sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { retryAfterSeconds },
  );
}
