import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { TryOnCatalogueItem, UpdateTryOnItemBody } from '@lumen/core/jobs/schemas';
import type { GarmentCategory } from '@lumen/core/services/virtual-try-on-params';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import type { FileLinks } from '../files/index.ts';
import type { Storage } from '../files/index.ts';
import { checkImage } from '../files/index.ts';
import { catalogueImageUrl } from './try-on.routes.ts';
import { tryOnGarments, tryOnModels } from './tables.ts';
import type { TryOnCatalogueRow } from './tables.ts';

export type CatalogueKind = 'models' | 'garments';

const tables = { models: tryOnModels, garments: tryOnGarments } as const;
const targets = { models: 'try_on_model', garments: 'try_on_garment' } as const;
const notFound = { models: 'Try-on model not found', garments: 'Garment not found' } as const;

/** Catalogue pictures are stored upright as PNG (at most 2048 px on the long side), whatever was uploaded. */
const MAX_SIDE = 2048;

export function toCatalogueItem(row: TryOnCatalogueRow, links: FileLinks): TryOnCatalogueItem {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    imageUrl: catalogueImageUrl(row, links),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const auditView = (row: TryOnCatalogueRow) => ({
  name: row.name,
  category: row.category,
  isActive: row.isActive,
  storageKey: row.storageKey,
});

/** Checks a catalogue picture like an upload (415/413/422), stores it upright as PNG and returns its new id and key. */
export async function storeCataloguePicture(
  storage: Storage,
  kind: CatalogueKind,
  image: Buffer,
): Promise<{ id: string; storageKey: string }> {
  await checkImage(image);
  const { default: sharp } = await import('sharp');
  const png = await sharp(image)
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
  const id = randomUUID();
  const storageKey = `try-on/${kind}/${id}.png`;
  await storage.put(storageKey, png);
  return { id, storageKey };
}

/** The admin's try-on models and garments: pictures checked like uploads, every change audited. */
export function createTryOnCatalogueService(deps: { db: Db; storage: Storage; links: FileLinks }) {
  const { db, storage, links } = deps;
  return {
    async list(kind: CatalogueKind): Promise<TryOnCatalogueItem[]> {
      const table = tables[kind];
      const rows = await db.select().from(table).orderBy(asc(table.name), asc(table.createdAt));
      return rows.map((row) => toCatalogueItem(row, links));
    },

    /** Checks the picture by its content (415/413/422 as POST /uploads), stores it, then records the item. */
    async create(
      actor: AuditActor,
      kind: CatalogueKind,
      input: { name: string; category: GarmentCategory; image: Buffer },
    ): Promise<TryOnCatalogueItem> {
      const { id, storageKey } = await storeCataloguePicture(storage, kind, input.image);
      try {
        return await db.transaction(async (tx) => {
          const table = tables[kind];
          const [row] = await tx.insert(table).values({ id, name: input.name, category: input.category, storageKey }).returning();
          if (!row) throw new Error('insert returned no row');
          await insertAuditEntry(tx, actor, {
            action: `${targets[kind]}.create`,
            targetType: targets[kind],
            targetId: id,
            before: null,
            after: auditView(row),
          });
          return toCatalogueItem(row, links);
        });
      } catch (error) {
        await storage.delete(storageKey).catch(() => undefined);
        throw error;
      }
    },

    async update(actor: AuditActor, kind: CatalogueKind, id: string, input: UpdateTryOnItemBody): Promise<TryOnCatalogueItem> {
      return db.transaction(async (tx) => {
        const table = tables[kind];
        const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
        if (!before) throw new AppError('NOT_FOUND', 404, notFound[kind]);
        const [after] = await tx
          .update(table)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(table.id, id))
          .returning();
        if (!after) throw new AppError('NOT_FOUND', 404, notFound[kind]);
        await insertAuditEntry(tx, actor, {
          action: `${targets[kind]}.update`,
          targetType: targets[kind],
          targetId: id,
          before: auditView(before),
          after: auditView(after),
        });
        return toCatalogueItem(after, links);
      });
    },
  };
}
