import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tryOnGarments, tryOnModels } from './tables.ts';

export type CatalogueKind = 'model' | 'garment';

const tableOf = (kind: CatalogueKind) => (kind === 'model' ? tryOnModels : tryOnGarments);

/** The id of an active catalogue model or garment; null when there is none or it is retired. */
export async function activeCatalogueItemId(db: Db, kind: CatalogueKind, id: string): Promise<string | null> {
  const table = tableOf(kind);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.isActive, true)));
  return row?.id ?? null;
}

/** Catalogue models or garments by id (retired ones too), with their name and where their image is stored. */
export async function catalogueItemsByIds(
  db: Db,
  kind: CatalogueKind,
  ids: string[],
): Promise<Array<{ id: string; name: string; storageKey: string }>> {
  if (ids.length === 0) return [];
  const table = tableOf(kind);
  return db.select({ id: table.id, name: table.name, storageKey: table.storageKey }).from(table).where(inArray(table.id, ids));
}
