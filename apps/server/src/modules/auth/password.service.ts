import { accountSecurityMessages } from '@lumen/core/auth/one-time-code';
import type { Db } from '../../db/database.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { Mailer } from '../mail/index.ts';
import { passwordChangedMail, passwordResetCodeMail } from '../mail/index.ts';
import { findUserByEmail, findUserById, markEmailVerified, setPasswordHash } from '../users/index.ts';
import { revokeSessions } from './auth.repository.ts';
import type { OneTimeCodes } from './one-time-codes.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { RecordSecurityEvent } from './security-event-recorder.ts';
import type { ClientInfo, IssuedTokens, SessionIssuer } from './session-issuer.ts';

type Deps = {
  db: Db;
  hasher: PasswordHasher;
  codes: OneTimeCodes;
  mailer: Mailer;
  sessions: SessionIssuer;
  record: RecordSecurityEvent;
  tasks: BackgroundTasks;
  clock: () => Date;
};

export function createPasswordService({ db, hasher, codes, mailer, sessions, record, tasks, clock }: Deps) {
  return {
    /**
     * Answers the same, equally fast, whether or not the address has an account: the lookup is the
     * only work done before answering; the code and the mail are made in the background.
     */
    async requestReset(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      tasks.run(async () => {
        const issued = await codes.issue(user.id, 'password_reset');
        if ('code' in issued) await mailer.send(user.email, passwordResetCodeMail(user, issued.code));
      });
    },

    /** Checks the code without spending it (a wrong one still counts a try). */
    async verifyResetCode(email: string, code: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      await codes.verify(user?.id ?? null, 'password_reset', code, { consume: false });
    },

    /** Spends the code, sets the password, signs out everywhere. The code proves the address too. */
    async resetWithCode(input: { email: string; code: string; newPassword: string }, client: ClientInfo): Promise<void> {
      const user = await findUserByEmail(db, input.email);
      await codes.verify(user?.id ?? null, 'password_reset', input.code, { consume: true });
      if (!user) return; // unreachable: verify refuses a missing user
      const passwordHash = await hasher.hash(input.newPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await markEmailVerified(tx, user.id, clock());
        await revokeSessions(tx, user.id);
      });
      await record(user.id, 'password_reset', client, { firstPassword: user.passwordHash === null });
      await mailer.send(user.email, passwordChangedMail(user, clock()));
    },

    /** Signed in: checks the current password, signs out every session, and starts a fresh one here. */
    async changePassword(
      userId: string,
      input: { currentPassword: string; newPassword: string },
      client: ClientInfo,
    ): Promise<IssuedTokens> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to continue');
      const isValid = user.passwordHash ? await hasher.verify(user.passwordHash, input.currentPassword) : false;
      if (!isValid) throw new AppError('BAD_REQUEST', 400, accountSecurityMessages.currentPasswordIncorrect);
      const passwordHash = await hasher.hash(input.newPassword);
      const tokens = await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await revokeSessions(tx, user.id);
        return sessions.startSession(user, client, tx);
      });
      await record(user.id, 'password_changed', client);
      await mailer.send(user.email, passwordChangedMail(user, clock()));
      return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
