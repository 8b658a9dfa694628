import type { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { DATA_EXPORT_COOLDOWN_MINUTES, accountDataMessages } from '@lumen/core/users/account-data';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { ClientInfo } from '../auth/index.ts';
import { securityEvents } from '../auth/index.ts';
import type { Storage } from '../files/index.ts';
import { users } from '../users/index.ts';
import { createDataArchive } from './data-archive.ts';
import { readPersonalData } from './export.repository.ts';

type Deps = { db: Db; storage: Storage; dataDir: string; clock: () => Date };

export function createExportService({ db, storage, dataDir, clock }: Deps) {
  /**
   * One export per person per cooldown, counted by the `data_exported` security events (every API
   * process sees them). The user row is locked while checking, so two requests at once build one archive.
   */
  async function claimExport(userId: string, client: ClientInfo): Promise<void> {
    const now = clock();
    await db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw new AppError('UNAUTHORIZED', 401, 'Your account no longer exists. Please sign in again.');
      const [last] = await tx
        .select({ createdAt: securityEvents.createdAt })
        .from(securityEvents)
        .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, 'data_exported')))
        .orderBy(desc(securityEvents.createdAt))
        .limit(1);
      const waitMs = last ? last.createdAt.getTime() + DATA_EXPORT_COOLDOWN_MINUTES * 60_000 - now.getTime() : 0;
      if (waitMs > 0) {
        const retryAfterSeconds = Math.ceil(waitMs / 1000);
        throw new AppError('RATE_LIMITED', 429, accountDataMessages.exportTooSoon(Math.ceil(retryAfterSeconds / 60)), {
          retryAfterSeconds,
        });
      }
      await tx.insert(securityEvents).values({
        userId,
        type: 'data_exported',
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
        createdAt: now,
      });
    });
  }

  return {
    /** The person's archive as a zip stream, with the name to offer it under. */
    async exportData(userId: string, client: ClientInfo): Promise<{ stream: Readable; fileName: string }> {
      await claimExport(userId, client);
      const data = await readPersonalData(db, userId);
      if (!data) throw new AppError('UNAUTHORIZED', 401, 'Your account no longer exists. Please sign in again.');
      const now = clock();
      const stream = await createDataArchive({ data, storage, dataDir, now });
      return { stream, fileName: `lumen-studio-data-${now.toISOString().slice(0, 10)}.zip` };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
