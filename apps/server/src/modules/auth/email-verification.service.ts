import { accountSecurityMessages } from '@lumen/core/auth/one-time-code';
import type { User } from '@lumen/core/users/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { Mailer } from '../mail/index.ts';
import { verificationCodeMail } from '../mail/index.ts';
import { toUserDto } from '../users/index.ts';
import type { UserRow } from '../users/index.ts';
import { findUserById, markEmailVerified } from '../users/index.ts';
import { findUserWithCredit } from '../credits/index.ts';
import { hitLimit } from '../limits/index.ts';
import type { ClientLimits } from '../../config/client-limits.ts';
import { tooManyCodesMessage } from './one-time-codes.ts';
import type { OneTimeCodes } from './one-time-codes.ts';
import type { RecordSecurityEvent } from './security-event-recorder.ts';
import type { ClientInfo } from './session-issuer.ts';

type Deps = {
  db: Db;
  codes: OneTimeCodes;
  mailer: Mailer;
  record: RecordSecurityEvent;
  clock: () => Date;
  limits: Pick<ClientLimits, 'verificationMailsPerAddress'>;
};

export const RESEND_COOLDOWN_MESSAGE = 'Please wait before requesting another code';

export function createEmailVerificationService({ db, codes, mailer, record, clock, limits }: Deps) {
  /**
   * Issues and mails a code; returns why not instead: one was sent under a minute ago, or the
   * account or the address has had its codes for today (an address can belong to a new account each time).
   */
  async function sendCode(user: UserRow): Promise<AppError | null> {
    const perAddress = await hitLimit(
      db,
      `verification-mails:email:${user.email.toLowerCase()}`,
      limits.verificationMailsPerAddress,
      clock(),
    );
    if (!perAddress.allowed) return codeRefusal({ retryAfterSeconds: perAddress.retryAfterSeconds, reason: 'daily_limit' });
    const issued = await codes.issue(user.id, 'email_verification');
    if ('retryAfterSeconds' in issued) return codeRefusal(issued);
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
      const refused = await sendCode(user);
      if (refused) throw refused;
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

function codeRefusal(refused: { retryAfterSeconds: number; reason: 'cooldown' | 'daily_limit' }): AppError {
  const { retryAfterSeconds } = refused;
  const message =
    refused.reason === 'cooldown' ? `${RESEND_COOLDOWN_MESSAGE} (${retryAfterSeconds} s)` : tooManyCodesMessage(retryAfterSeconds);
  return new AppError('RATE_LIMITED', 429, message, { retryAfterSeconds });
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
