import { accountSecurityMessages } from '@lumen/core/auth/one-time-code';
import type { User } from '@lumen/core/users/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { verificationCodeMail } from '../mail/mail-templates.ts';
import { toUserDto } from '../users/user-dto.ts';
import type { UserRow } from '../users/tables.ts';
import { findUserById, findUserWithCredit, markEmailVerified } from '../users/users.repository.ts';
import type { OneTimeCodes } from './one-time-codes.ts';
import type { RecordSecurityEvent } from './security-event-recorder.ts';
import type { ClientInfo } from './session-issuer.ts';

type Deps = { db: Db; codes: OneTimeCodes; mailer: Mailer; record: RecordSecurityEvent; clock: () => Date };

export const RESEND_COOLDOWN_MESSAGE = 'Please wait before requesting another code';

export function createEmailVerificationService({ db, codes, mailer, record, clock }: Deps) {
  /** Issues and mails a code; returns the seconds to wait instead when one was sent under a minute ago. */
  async function sendCode(user: UserRow): Promise<number | null> {
    const issued = await codes.issue(user.id, 'email_verification');
    if ('retryAfterSeconds' in issued) return issued.retryAfterSeconds;
    await mailer.send(user.email, verificationCodeMail(user, issued.code));
    return null;
  }

  async function signedInUser(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to continue');
    return user;
  }

  return {
    sendCode,

    async resend(userId: string): Promise<void> {
      const user = await signedInUser(userId);
      if (user.emailVerifiedAt) throw new AppError('CONFLICT', 409, accountSecurityMessages.emailAlreadyVerified);
      const waitSeconds = await sendCode(user);
      if (waitSeconds !== null) {
        throw new AppError('RATE_LIMITED', 429, `${RESEND_COOLDOWN_MESSAGE} (${waitSeconds} s)`, { retryAfterSeconds: waitSeconds });
      }
    },

    async verify(userId: string, code: string, client: ClientInfo): Promise<User> {
      const user = await signedInUser(userId);
      if (user.emailVerifiedAt) throw new AppError('CONFLICT', 409, accountSecurityMessages.emailAlreadyVerified);
      await codes.verify(user.id, 'email_verification', code, { consume: true });
      if (await markEmailVerified(db, user.id, clock())) await record(user.id, 'email_verified', client);
      const fresh = await findUserWithCredit(db, user.id);
      if (!fresh) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to continue');
      return toUserDto(fresh);
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
