import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { uploads } from './tables.ts';
import type { UploadRow } from './tables.ts';

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert): Promise<UploadRow | null> {
  const [row] = await db.insert(uploads).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findUploadByKey(db: Db, userId: string, idempotencyKey: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function findUploadsByIds(db: Db, ids: string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(uploads).where(inArray(uploads.id, ids));
}
