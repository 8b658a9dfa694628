import { accountDataMessages } from '@lumen/core/users/account-data';
import type { DeleteAccountBody, DeletionCodeSent } from '@lumen/core/users/account-data';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { OneTimeCodes } from '../auth/index.ts';
import type { PasswordHasher } from '../auth/index.ts';
import type { Storage } from '../files/index.ts';
import { accountDeletionCodeMail } from '../mail/index.ts';
import type { Mailer } from '../mail/index.ts';
import { deleteAvatarFile } from '../users/index.ts';
import { countOtherActiveAdmins, findUserById, lockUser } from '../users/index.ts';
import { storedFileKeysOf } from '../jobs/index.ts';
import { hasRunningSubscription } from '../payments/index.ts';
import type { UserRow } from '../users/index.ts';
import { erasePersonalData } from './erasure.ts';

type Deps = {
  db: Db;
  storage: Storage;
  dataDir: string;
  hasher: PasswordHasher;
  codes: OneTimeCodes;
  mailer: Mailer;
  log: FastifyBaseLogger;
};

const gone = () => new AppError('UNAUTHORIZED', 401, 'Your account no longer exists. Please sign in again.');

export function createDeletionService({ db, storage, dataDir, hasher, codes, mailer, log }: Deps) {
  /** Refusals that do not depend on the confirmation, checked first so a code is not spent for nothing. */
  async function assertDeletable(executor: Db, user: UserRow): Promise<void> {
    if (user.role === 'ADMIN' && (await countOtherActiveAdmins(executor, user.id)) === 0) {
      throw new AppError('CONFLICT', 409, accountDataMessages.lastAdmin);
    }
    if (await hasRunningSubscription(executor, user.id)) throw new AppError('CONFLICT', 409, accountDataMessages.activeSubscription);
  }

  async function confirm(user: UserRow, body: DeleteAccountBody): Promise<void> {
    if (user.passwordHash) {
      if (!body.password) throw new AppError('BAD_REQUEST', 400, accountDataMessages.passwordRequired);
      // 400, not 401: a 401 would sign the person out of the app for a typo.
      if (!(await hasher.verify(user.passwordHash, body.password)))
        throw new AppError('BAD_REQUEST', 400, accountDataMessages.passwordIncorrect);
      return;
    }
    if (!body.code) throw new AppError('BAD_REQUEST', 400, accountDataMessages.codeRequired);
    await codes.verify(user.id, 'account_deletion', body.code, { consume: true });
  }

  return {
    /** For accounts without a password: e-mails a code (one per minute; a recent code stays valid). */
    async sendDeletionCode(userId: string): Promise<DeletionCodeSent> {
      const user = await findUserById(db, userId);
      if (!user) throw gone();
      if (user.passwordHash) throw new AppError('BAD_REQUEST', 400, accountDataMessages.hasPassword);
      await assertDeletable(db, user);
      const issued = await codes.issue(user.id, 'account_deletion');
      if ('retryAfterSeconds' in issued) return { email: user.email, retryAfterSeconds: issued.retryAfterSeconds };
      await mailer.send(user.email, accountDeletionCodeMail(user, issued.code));
      return { email: user.email, retryAfterSeconds: null };
    },

    /**
     * Erases the account in one transaction (decision 034), then removes its files from storage.
     * The person's sessions, refresh tokens and API keys stop on their very next request.
     */
    async deleteAccount(userId: string, body: DeleteAccountBody): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user) throw gone();
      await assertDeletable(db, user);
      await confirm(user, body);
      const fileKeys = await db.transaction(async (tx) => {
        const locked = await lockUser(tx, userId);
        if (!locked) throw gone();
        await assertDeletable(tx, locked);
        const keys = await storedFileKeysOf(tx, userId);
        await erasePersonalData(tx, locked);
        return keys;
      });
      // After the commit: a failed removal leaves an orphan file (logged), never a half-erased account.
      for (const key of fileKeys) {
        await storage.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'account deletion: a file could not be removed'));
      }
      await deleteAvatarFile(dataDir, user.profileImage).catch((error: unknown) =>
        log.warn({ err: error }, 'account deletion: the profile image could not be removed'),
      );
    },
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
