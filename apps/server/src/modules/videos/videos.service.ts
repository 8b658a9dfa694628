import { asc, eq, sql } from 'drizzle-orm';
import { embedUrlFor } from '@lumen/core/content/videos';
import type { TutorialVideo } from '@lumen/core/content/videos';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { tutorialVideos } from './tables.ts';
import type { TutorialVideoRow } from './tables.ts';

type VideoInput = { service: ServiceKey; title: string; description: string; url: string; durationLabel: string; sortOrder: number };

const notFound = () => new AppError('NOT_FOUND', 404, 'Video not found');

function toVideo(row: TutorialVideoRow): TutorialVideo {
  return {
    id: row.id,
    service: row.service,
    title: row.title,
    description: row.description,
    url: row.url,
    embedUrl: embedUrlFor(row.url),
    durationLabel: row.durationLabel,
    sortOrder: row.sortOrder,
  };
}

const auditView = (row: TutorialVideoRow) => ({ service: row.service, title: row.title, url: row.url, sortOrder: row.sortOrder });

/** The tutorial videos of /resources/videos, edited by admins (each change audited). */
export function createVideosService({ db }: { db: Db }) {
  return {
    async list(): Promise<TutorialVideo[]> {
      const rows = await db
        .select()
        .from(tutorialVideos)
        .orderBy(asc(tutorialVideos.service), asc(tutorialVideos.sortOrder), asc(tutorialVideos.createdAt));
      return rows.map(toVideo);
    },

    async create(actor: AuditActor, input: VideoInput): Promise<TutorialVideo> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(tutorialVideos).values(input).returning();
        if (!row) throw new Error('insert returned nothing');
        await insertAuditEntry(tx, actor, {
          action: 'tutorial_video.create',
          targetType: 'tutorial_video',
          targetId: row.id,
          before: null,
          after: auditView(row),
        });
        return toVideo(row);
      });
    },

    async update(actor: AuditActor, id: string, input: VideoInput): Promise<TutorialVideo> {
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(tutorialVideos).where(eq(tutorialVideos.id, id)).for('update');
        if (!existing) throw notFound();
        const [row] = await tx
          .update(tutorialVideos)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(tutorialVideos.id, id))
          .returning();
        if (!row) throw notFound();
        await insertAuditEntry(tx, actor, {
          action: 'tutorial_video.update',
          targetType: 'tutorial_video',
          targetId: id,
          before: auditView(existing),
          after: auditView(row),
        });
        return toVideo(row);
      });
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(tutorialVideos).where(eq(tutorialVideos.id, id)).returning();
        if (!row) throw notFound();
        await insertAuditEntry(tx, actor, {
          action: 'tutorial_video.delete',
          targetType: 'tutorial_video',
          targetId: id,
          before: auditView(row),
          after: null,
        });
      });
    },
  };
}
