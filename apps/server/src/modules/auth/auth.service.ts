import { randomUUID } from 'node:crypto';
import type { AuthResult } from '@lumen/core/auth/schemas';
import { settingsMessages } from '@lumen/core/settings/platform-settings';
import { accountSuspendedMessage } from '@lumen/core/users/suspension';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { FailedAuthLimit, NetworkLimitPair, NetworkLimits } from '../limits/index.ts';
import { insertCreditAccount } from '../credits/index.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { toUserDto } from '../users/index.ts';
import { findUserByEmail, insertUser } from '../users/index.ts';
import { findUserWithCredit } from '../credits/index.ts';
import type { UserRow } from '../users/index.ts';
import { findRefreshTokenByHash, findSessionState, markRefreshTokenRotated, revokeSessionById, touchSession } from './auth.repository.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { hashRefreshToken, isWellFormedRefreshToken } from './refresh-token.ts';
import type { RecordSecurityEvent } from './security-event-recorder.ts';
import type { ClientInfo, IssuedTokens, SessionIssuer } from './session-issuer.ts';
import { grantSignupBonusOnce } from './signup-bonus.ts';

export type { ClientInfo } from './session-issuer.ts';

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

type Deps = {
  db: Db;
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  sessions: SessionIssuer;
  record: RecordSecurityEvent;
  clock: () => Date;
  /** Sign-ups and "already exists" answers per IP and subnet. */
  network: NetworkLimits;
  /** Refresh tokens that match nothing, per IP. */
  failedAuth: FailedAuthLimit;
  /** Sends the e-mail verification code to a new account. */
  sendVerificationCode: (user: UserRow) => Promise<void>;
};

class LostRotationRace extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SIGNUPS: NetworkLimitPair = { perIp: 'signupsPerIp', perSubnet: 'signupsPerSubnet' };
const TAKEN_EMAIL_ANSWERS: NetworkLimitPair = { perIp: 'takenEmailAnswersPerIp', perSubnet: 'takenEmailAnswersPerSubnet' };

export function createAuthService({
  db,
  hasher,
  throttle,
  devices,
  sessions,
  record,
  clock,
  network,
  failedAuth,
  sendVerificationCode,
}: Deps) {
  async function authResultFor(userId: string, tokens: IssuedTokens): Promise<AuthResult & IssuedTokens> {
    const user = await findUserWithCredit(db, userId);
    if (!user) throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
    return { user: toUserDto(user), accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  }

  return {
    /**
     * Creates the user and their credit account; the free plan's credits go to the first account of
     * a canonical address only (decision 006). Sends the e-mail verification code.
     */
    async register(
      input: { firstName: string; lastName: string; email: string; password: string },
      client: ClientInfo,
    ): Promise<AuthResult & IssuedTokens> {
      if (!(await getPlatformSettings(db)).signupsOpen) throw new AppError('FORBIDDEN', 403, settingsMessages.signupsClosed);
      // A client that has used up its "already exists" answers gets 429 for every address, so the
      // answer stops telling taken from free addresses.
      await network.check(TAKEN_EMAIL_ANSWERS, client.ip);
      await network.hit(SIGNUPS, client.ip);
      if (await findUserByEmail(db, input.email)) {
        await network.release(SIGNUPS, client.ip);
        await network.hit(TAKEN_EMAIL_ANSWERS, client.ip);
        throw new AppError('CONFLICT', 409, DUPLICATE_EMAIL_MESSAGE);
      }
      const passwordHash = await hasher.hash(input.password);
      let user: UserRow;
      try {
        user = await db.transaction(async (tx) => {
          const created = await insertUser(tx, {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email.toLowerCase(),
            passwordHash,
          });
          await insertCreditAccount(tx, created.id);
          await grantSignupBonusOnce(tx, created);
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, DUPLICATE_EMAIL_MESSAGE);
        throw error;
      }
      const tokens = await sessions.startSession(user, client);
      await record(user.id, 'sign_in', client, { method: 'password', registered: true });
      await sendVerificationCode(user);
      return authResultFor(user.id, tokens);
    },

    /**
     * Signs in with a password. `deviceCookie` is the browser's device cookie: a browser that signed
     * in to this account before is not locked out by failures from elsewhere. Answers the new cookie.
     */
    async login(
      input: { email: string; password: string },
      client: ClientInfo,
      deviceCookie?: string,
    ): Promise<{ result: AuthResult & IssuedTokens; deviceCookie: string }> {
      const attempt = await throttle.begin(input.email, client.ip, devices.deviceIdFor(deviceCookie, input.email));
      if ('retryAfterSeconds' in attempt) throw tooManyAttempts(attempt.retryAfterSeconds);

      // The hash runs whether or not the account exists, so the answer's timing tells nothing.
      const user = await findUserByEmail(db, input.email);
      let isValid = false;
      if (user?.passwordHash) isValid = await hasher.verify(user.passwordHash, input.password);
      else await hasher.verifyDummy(input.password);

      if (!user || !isValid) {
        await record(
          user?.id ?? null,
          'sign_in_failed',
          client,
          user ? { method: 'password' } : { method: 'password', email: input.email },
        );
        const delayMs = attempt.failed();
        if (delayMs > 0) await sleep(delayMs);
        throw new AppError('UNAUTHORIZED', 401, INVALID_CREDENTIALS_MESSAGE);
      }
      await attempt.succeeded();
      // Told only to whoever knows the password, so it reveals nothing to a guesser.
      if (user.suspendedAt) {
        await record(user.id, 'sign_in_failed', client, { method: 'password', reason: 'suspended' });
        throw new AppError('FORBIDDEN', 403, accountSuspendedMessage);
      }
      const tokens = await sessions.startSession(user, client);
      await record(user.id, 'sign_in', client, { method: 'password' });
      return { result: await authResultFor(user.id, tokens), deviceCookie: devices.afterSignIn(deviceCookie, user.email) };
    },

    /** Rotates a refresh token; a spent one revokes its whole session (token theft). */
    async refresh(refreshToken: string, client: ClientInfo): Promise<IssuedTokens> {
      // An address that has used up its failed authentications, or a token we never issue, costs no lookup.
      failedAuth.refuseIfLockedOut(client.ip);
      if (!isWellFormedRefreshToken(refreshToken)) throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
      const stored = await findRefreshTokenByHash(db, hashRefreshToken(refreshToken));
      if (!stored) {
        await failedAuth.countFailure(client.ip);
        throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
      }
      const sessionId = stored.familyId;
      if (stored.revokedAt) {
        if (stored.replacedBy) await revokeForReuse(stored.userId, sessionId, client);
        throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
      }
      if (stored.expiresAt.getTime() <= clock().getTime()) throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
      const session = await findSessionState(db, sessionId);
      if (!session || session.revokedAt) throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);

      const user = await findUserWithCredit(db, stored.userId);
      if (!user) throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
      if (user.suspendedAt) throw new AppError('UNAUTHORIZED', 401, accountSuspendedMessage);

      const tokenId = randomUUID();
      try {
        return await db.transaction(async (tx) => {
          // Insert the successor first so `replaced_by` always points at a real row.
          const issued = await sessions.continueSession(tx, user, { sessionId, tokenId, client });
          if (!(await markRefreshTokenRotated(tx, stored.id, tokenId))) throw new LostRotationRace();
          await touchSession(tx, sessionId, { ip: client.ip, now: clock() });
          return issued;
        });
      } catch (error) {
        if (!(error instanceof LostRotationRace)) throw error;
        // Another request spent the same token a moment earlier: treat it as reuse.
        await revokeForReuse(stored.userId, sessionId, client);
        throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
      }
    },

    /** Ends the session of the presented refresh token (all its tokens, and its access tokens at once). */
    async logout(refreshToken: string | undefined, client: ClientInfo): Promise<void> {
      if (!refreshToken || !isWellFormedRefreshToken(refreshToken)) return;
      const stored = await findRefreshTokenByHash(db, hashRefreshToken(refreshToken));
      if (!stored) return;
      const session = await findSessionState(db, stored.familyId);
      await revokeSessionById(db, stored.familyId);
      if (session && !session.revokedAt)
        await record(stored.userId, 'session_revoked', client, { reason: 'logout', sessionId: stored.familyId });
    },
  };

  async function revokeForReuse(userId: string, sessionId: string, client: ClientInfo): Promise<void> {
    const session = await findSessionState(db, sessionId);
    await revokeSessionById(db, sessionId);
    if (session && !session.revokedAt) await record(userId, 'session_revoked', client, { reason: 'refresh_token_reuse', sessionId });
  }
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
