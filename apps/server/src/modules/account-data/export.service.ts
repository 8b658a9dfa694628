import type { Readable } from 'node:stream';
import { DATA_EXPORT_COOLDOWN_MINUTES, accountDataMessages } from '@lumen/core/users/account-data';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { ClientInfo } from '../auth/index.ts';
import { insertSecurityEvent, lastSecurityEventAt } from '../auth/index.ts';
import type { Storage } from '../files/index.ts';
import { lockUser } from '../users/index.ts';
import { createDataArchive } from './data-archive.ts';
import { personalDataOf } from './personal-data.ts';

type Deps = { db: Db; storage: Storage; dataDir: string; clock: () => Date };

export function createExportService({ db, storage, dataDir, clock }: Deps) {
  /**
   * One export per person per cooldown, counted by the `data_exported` security events (every API
   * process sees them). The user row is locked while checking, so two requests at once build one archive.
   */
  async function claimExport(userId: string, client: ClientInfo): Promise<void> {
    const now = clock();
    await db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw new AppError('UNAUTHORIZED', 401, 'Your account no longer exists. Please sign in again.');
      const last = await lastSecurityEventAt(tx, userId, 'data_exported');
      const waitMs = last ? last.getTime() + DATA_EXPORT_COOLDOWN_MINUTES * 60_000 - now.getTime() : 0;
      if (waitMs > 0) {
        const retryAfterSeconds = Math.ceil(waitMs / 1000);
        throw new AppError('RATE_LIMITED', 429, accountDataMessages.exportTooSoon(Math.ceil(retryAfterSeconds / 60)), {
          retryAfterSeconds,
        });
      }
      await insertSecurityEvent(tx, { userId, type: 'data_exported', ip: client.ip, userAgent: client.userAgent, createdAt: now });
    });
  }

  return {
    /** The person's archive as a zip stream, with the name to offer it under. */
    async exportData(userId: string, client: ClientInfo): Promise<{ stream: Readable; fileName: string }> {
      await claimExport(userId, client);
      const data = await personalDataOf(db, userId);
      if (!data) throw new AppError('UNAUTHORIZED', 401, 'Your account no longer exists. Please sign in again.');
      const now = clock();
      const stream = await createDataArchive({ data, storage, dataDir, now });
      return { stream, fileName: `lumen-studio-data-${now.toISOString().slice(0, 10)}.zip` };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
