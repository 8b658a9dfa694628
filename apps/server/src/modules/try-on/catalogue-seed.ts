import { readFile } from 'node:fs/promises';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { GarmentCategory } from '@lumen/core/services/virtual-try-on-params';
import type { Db } from '../../db/database.ts';
import type { Storage } from '../files/index.ts';
import { renderSeedGarments } from './seed-garments.ts';
import { tryOnGarments, tryOnModels } from './tables.ts';
import { storeCataloguePicture } from './try-on-catalogue.service.ts';
import type { CatalogueKind } from './try-on-catalogue.service.ts';

/** Openly licensed photos of people in seed-photos/ (sources and licences in this folder's README). */
export const seedModels: { file: string; name: string; category: GarmentCategory }[] = [
  { file: 'standing-three-quarter.jpg', name: 'Standing, full length', category: 'dress' },
  { file: 'running-red-kit.jpg', name: 'Jogging, arms at the sides', category: 'top' },
  { file: 'running-arms-out.jpg', name: 'Running, arm stretched out', category: 'bottom' },
  { file: 'arm-across-chest.jpg', name: 'Running, arm across the chest', category: 'top' },
];

const SEED_LOCK_ID = 727_003;

async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const [models] = await db.select({ total: count() }).from(tryOnModels);
  const [garments] = await db.select({ total: count() }).from(tryOnGarments);
  return (models?.total ?? 0) === 0 && (garments?.total ?? 0) === 0;
}

type Stored = { kind: CatalogueKind; id: string; storageKey: string; name: string; category: GarmentCategory };

/**
 * On a database whose try-on catalogue has no model and no garment, stores the starter models and garments (through
 * the admin upload's checks and storage) and records them. Safe to call from every process at once: one of them
 * records its set under an advisory lock, the others find the catalogue filled and delete their files. Returns how
 * many items it added, and logs it when it added any.
 */
export async function seedTryOnCatalogue(deps: { db: Db; storage: Storage; log?: FastifyBaseLogger }): Promise<number> {
  const { db, storage } = deps;
  if (!(await isCatalogueEmpty(db))) return 0;
  const stored: Stored[] = [];
  try {
    for (const model of seedModels) {
      const image = await readFile(new URL(`./seed-photos/${model.file}`, import.meta.url));
      stored.push({
        kind: 'models',
        name: model.name,
        category: model.category,
        ...(await storeCataloguePicture(storage, 'models', image)),
      });
    }
    for (const garment of await renderSeedGarments()) {
      stored.push({
        kind: 'garments',
        name: garment.name,
        category: garment.category,
        ...(await storeCataloguePicture(storage, 'garments', garment.image)),
      });
    }
    const added = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      if (!(await isCatalogueEmpty(tx))) return 0;
      for (const kind of ['models', 'garments'] as const) {
        const rows = stored
          .filter((item) => item.kind === kind)
          .map(({ id, name, category, storageKey }) => ({ id, name, category, storageKey }));
        await tx.insert(kind === 'models' ? tryOnModels : tryOnGarments).values(rows);
      }
      return stored.length;
    });
    if (added === 0) await deleteStored(storage, stored);
    else deps.log?.info({ added }, 'seeded the try-on catalogue');
    return added;
  } catch (error) {
    await deleteStored(storage, stored);
    throw error;
  }
}

async function deleteStored(storage: Storage, stored: Stored[]): Promise<void> {
  for (const item of stored) await storage.delete(item.storageKey).catch(() => undefined);
}

/** Once a server that runs jobs is ready, a fresh install gets its starter try-on catalogue (in the background). */
export function startTryOnCatalogueSeed(app: FastifyInstance): void {
  app.addHook('onReady', async () => app.backgroundTasks.run(() => seedTryOnCatalogue({ db: app.db, storage: app.storage, log: app.log })));
}
