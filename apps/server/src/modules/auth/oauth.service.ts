import type { OAuthProvider } from '@lumen/core/auth/oauth';
import { oauthLinkMessages } from '@lumen/core/auth/oauth';
import type { SignInMethods } from '@lumen/core/users/sign-in-methods';
import { settingsMessages } from '@lumen/core/settings/platform-settings';
import { accountSuspendedMessage } from '@lumen/core/users/suspension';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertCreditAccount } from '../credits/index.ts';
import type { Mailer } from '../mail/index.ts';
import { providerLinkedMail } from '../mail/index.ts';
import { getPlatformSettings } from '../settings/index.ts';
import type { UserRow } from '../users/index.ts';
import { findUserByEmail, findUserById, insertUser, verifyEmailDroppingPassword } from '../users/index.ts';
import { revokeSessions } from './auth.repository.ts';
import { deleteIdentity, findIdentityBySubject, insertIdentity, listIdentities } from './identities.repository.ts';
import type { LinkClaims } from './oauth-link-token.ts';
import type { OidcProfile } from './oidc-client.ts';
import type { RecordSecurityEvent } from './security-event-recorder.ts';
import type { ClientInfo, IssuedTokens, SessionIssuer } from './session-issuer.ts';
import { grantSignupBonusOnce } from './signup-bonus.ts';

const providerNames: Record<OAuthProvider, string> = { google: 'Google' };

/** A sign-in the provider allowed but this app refuses; `message` is shown on /auth/callback. */
export class OAuthSignInRefused extends Error {
  override name = 'OAuthSignInRefused';
}

type Deps = { db: Db; sessions: SessionIssuer; mailer: Mailer; record: RecordSecurityEvent; clock: () => Date };

const nameOf = (value: string | null, fallback: string) => (value ?? fallback).slice(0, 60);

export function createOAuthService({ db, sessions, mailer, record, clock }: Deps) {
  async function notifyLinked(user: UserRow, provider: OAuthProvider, email: string | null): Promise<void> {
    await mailer.send(user.email, providerLinkedMail(user, providerNames[provider], email));
  }

  return {
    /**
     * Signs in with a provider profile: the linked user; else the account with the same verified
     * e-mail (the provider gets linked); else a new account (decision 007).
     */
    async signIn(provider: OAuthProvider, profile: OidcProfile, client: ClientInfo): Promise<IssuedTokens> {
      const linked = await findIdentityBySubject(db, provider, profile.subject);
      if (linked) {
        const user = await findUserById(db, linked.userId);
        if (!user) throw new Error('identity without user');
        if (user.suspendedAt) throw new OAuthSignInRefused(accountSuspendedMessage);
        const tokens = await sessions.startSession(user, client);
        await record(user.id, 'sign_in', client, { provider });
        return tokens;
      }
      if (!profile.email) throw new OAuthSignInRefused(`Your ${providerNames[provider]} account has no e-mail address.`);

      const existing = await findUserByEmail(db, profile.email);
      if (existing) {
        if (existing.suspendedAt) throw new OAuthSignInRefused(accountSuspendedMessage);
        if (!profile.emailVerified) {
          throw new OAuthSignInRefused(
            `An account with this email already exists. Sign in with your password, then link ${providerNames[provider]} from your profile.`,
          );
        }
        await db.transaction(async (tx) => {
          await insertIdentity(tx, { userId: existing.id, provider, providerUserId: profile.subject, email: profile.email });
          if (!existing.emailVerifiedAt) {
            // Whoever set the password never proved the address: it may be a squatter (pre-hijacking).
            await verifyEmailDroppingPassword(tx, existing.id, clock());
            await revokeSessions(tx, existing.id);
          }
        });
        await record(existing.id, 'provider_linked', client, { provider, via: 'verified_email', email: profile.email });
        await notifyLinked(existing, provider, profile.email);
        const tokens = await sessions.startSession(existing, client);
        await record(existing.id, 'sign_in', client, { provider });
        return tokens;
      }

      if (!(await getPlatformSettings(db)).signupsOpen) throw new OAuthSignInRefused(settingsMessages.signupsClosed);
      const localPart = profile.email.split('@')[0] ?? 'User';
      let user: UserRow;
      try {
        user = await db.transaction(async (tx) => {
          const created = await insertUser(tx, {
            firstName: nameOf(profile.givenName ?? profile.name, localPart),
            lastName: nameOf(profile.familyName, ''),
            email: profile.email ?? '',
            passwordHash: null,
            emailVerifiedAt: profile.emailVerified ? clock() : null,
          });
          await insertCreditAccount(tx, created.id);
          await grantSignupBonusOnce(tx, created);
          await insertIdentity(tx, { userId: created.id, provider, providerUserId: profile.subject, email: profile.email });
          return created;
        });
      } catch (error) {
        // A parallel callback for the same person won the race: sign in as that account next time.
        if (isUniqueViolation(error)) throw new OAuthSignInRefused('This account was just created. Please try again.');
        throw error;
      }
      const tokens = await sessions.startSession(user, client);
      await record(user.id, 'sign_in', client, { provider, registered: true });
      return tokens;
    },

    /** Links the provider account proved by a link token to the signed-in user. */
    async link(userId: string, claims: LinkClaims, client: ClientInfo): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to continue');
      const owner = await findIdentityBySubject(db, claims.provider, claims.subject);
      if (owner) {
        if (owner.userId === userId) return;
        throw new AppError('CONFLICT', 409, oauthLinkMessages.linkedToOther);
      }
      try {
        await insertIdentity(db, { userId, provider: claims.provider, providerUserId: claims.subject, email: claims.email });
      } catch (error) {
        if (isUniqueViolation(error)) {
          const again = await findIdentityBySubject(db, claims.provider, claims.subject);
          if (again?.userId === userId) return;
          throw new AppError('CONFLICT', 409, again ? oauthLinkMessages.linkedToOther : oauthLinkMessages.alreadyLinked);
        }
        throw error;
      }
      await record(userId, 'provider_linked', client, { provider: claims.provider, email: claims.email });
      await notifyLinked(user, claims.provider, claims.email);
    },

    /** Removes a provider, unless it is the last way to sign in. */
    async unlink(userId: string, provider: OAuthProvider, client: ClientInfo): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to continue');
      const identities = await listIdentities(db, userId);
      if (!identities.some((identity) => identity.provider === provider)) {
        throw new AppError('NOT_FOUND', 404, oauthLinkMessages.notLinked);
      }
      if (!user.passwordHash && identities.length <= 1) throw new AppError('CONFLICT', 409, oauthLinkMessages.lastMethod);
      await deleteIdentity(db, userId, provider);
      await record(userId, 'provider_unlinked', client, { provider });
    },

    async signInMethods(userId: string): Promise<SignInMethods> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to continue');
      const identities = await listIdentities(db, userId);
      return {
        hasPassword: user.passwordHash !== null,
        providers: identities.map((identity) => ({
          provider: identity.provider,
          email: identity.email,
          linkedAt: identity.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
