import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { GarmentCategory } from '@lumen/core/services/virtual-try-on-params';
import type { Db } from '../../db/database.ts';
import type { Storage } from '../files/index.ts';
import { garmentDrawings, renderSeedGarments } from '@lumen/engines';
import { tryOnGarments, tryOnModels } from './tables.ts';
import { storeCataloguePicture } from './try-on-catalogue.service.ts';
import type { CatalogueKind } from './try-on-catalogue.service.ts';
import { storageOf } from '../files/index.ts';

/**
 * Openly licensed photos of adults standing and facing the camera, in seed-photos/ (sources, authors and licences in
 * this folder's README). `key` is stable: it makes the item's id.
 */
export const seedModels: { key: string; file: string; name: string; category: GarmentCategory }[] = [
  { key: 'denim-jacket-beach', file: 'denim-jacket-beach.jpg', name: 'Man in a denim jacket, arms at the sides', category: 'top' },
  {
    key: 'white-shirt',
    file: 'white-shirt-jacket-over-shoulder.jpg',
    name: 'Man in a white shirt, jacket over the shoulder',
    category: 'top',
  },
  { key: 'yellow-tracksuit-man', file: 'yellow-tracksuit-walking.jpg', name: 'Man in a yellow tracksuit', category: 'top' },
  {
    key: 'yellow-tracksuit-woman',
    file: 'yellow-tracksuit-arms-raised.jpg',
    name: 'Woman in a yellow tracksuit, full length',
    category: 'bottom',
  },
  { key: 'linen-shirt-woman', file: 'linen-shirt-three-quarter.jpg', name: 'Woman in a linen shirt and skirt', category: 'dress' },
];

/** The starter set this code seeds; a new set gets a new version, so items of an older one can be told and replaced. */
export const starterCatalogueVersion = 2;

/**
 * The first starter set (version 1) had random ids: it is recognised by its exact names and categories. Its photos
 * were action shots of young football players and a girl with a dog, which the catalogue must not show.
 */
export const retiredStarterItems: Record<CatalogueKind, { name: string; category: GarmentCategory }[]> = {
  models: [
    { name: 'Standing, full length', category: 'dress' },
    { name: 'Jogging, arms at the sides', category: 'top' },
    { name: 'Running, arm stretched out', category: 'bottom' },
    { name: 'Running, arm across the chest', category: 'top' },
  ],
  garments: [
    { name: 'Coral T-shirt', category: 'top' },
    { name: 'Striped long-sleeve top', category: 'top' },
    { name: 'Blue jeans', category: 'bottom' },
    { name: 'Green summer dress', category: 'dress' },
    { name: 'Denim jacket', category: 'outerwear' },
  ],
};

/** The id of a starter item: a UUID made from the set's version, the kind and the item's key (the same on every install). */
export function starterItemId(version: number, kind: CatalogueKind, key: string): string {
  const hex = createHash('sha256').update(`lumen try-on starter catalogue v${version}:${kind}:${key}`).digest('hex');
  // Shaped as a version-8 (custom) UUID with the RFC 9562 variant.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const tables = { models: tryOnModels, garments: tryOnGarments } as const;

type Row = { id: string; storageKey: string };

/**
 * Items of earlier starter sets still in the catalogue. Version 1 is recognised by name and category; from version 2
 * on, items have ids made by `starterItemId`, so the set that replaces this one can list the ids it retires.
 */
async function findRetired(db: Db, kind: CatalogueKind): Promise<Row[]> {
  const table = tables[kind];
  return db
    .select({ id: table.id, storageKey: table.storageKey })
    .from(table)
    .where(or(...retiredStarterItems[kind].map((item) => and(eq(table.name, item.name), eq(table.category, item.category)))));
}

/** Ids of the items of the current starter set. */
const currentIds = (kind: CatalogueKind): string[] =>
  kind === 'models'
    ? seedModels.map((model) => starterItemId(starterCatalogueVersion, 'models', model.key))
    : garmentDrawings.map((garment) => starterItemId(starterCatalogueVersion, 'garments', garment.key));

async function catalogueState(db: Db) {
  const totals = await Promise.all(
    (['models', 'garments'] as const).map(async (kind) => {
      const [row] = await db.select({ total: count() }).from(tables[kind]);
      return row?.total ?? 0;
    }),
  );
  const current = await Promise.all(
    (['models', 'garments'] as const).map(async (kind) => {
      const [row] = await db
        .select({ total: count() })
        .from(tables[kind])
        .where(inArray(tables[kind].id, currentIds(kind)));
      return row?.total ?? 0;
    }),
  );
  const retired = { models: await findRetired(db, 'models'), garments: await findRetired(db, 'garments') };
  return {
    empty: totals.every((total) => total === 0),
    hasCurrent: current.some((total) => total > 0),
    retired,
    hasRetired: retired.models.length + retired.garments.length > 0,
  };
}

const needsSeed = (state: Awaited<ReturnType<typeof catalogueState>>) => !state.hasCurrent && (state.empty || state.hasRetired);

type Stored = { kind: CatalogueKind; id: string; storageKey: string; name: string; category: GarmentCategory };

/**
 * Gives the install the current starter try-on catalogue: on a catalogue with no model and no garment, and on one
 * that still holds items of an earlier starter set (those are deleted, rows and pictures, and replaced; the admin's
 * own items stay). Pictures are stored through the admin upload's checks. Safe to call from every process at once:
 * one of them records its set under an advisory lock, the others find it done and delete the files they stored.
 * Returns how many items it added, and logs what it added and removed.
 */
export async function seedTryOnCatalogue(deps: { db: Db; storage: Storage; log?: FastifyBaseLogger }): Promise<number> {
  const { db, storage } = deps;
  if (!needsSeed(await catalogueState(db))) return 0;
  const stored: Stored[] = [];
  try {
    for (const model of seedModels) {
      const image = await readFile(new URL(`./seed-photos/${model.file}`, import.meta.url));
      const { storageKey } = await storeCataloguePicture(storage, 'models', image);
      stored.push({
        kind: 'models',
        id: starterItemId(starterCatalogueVersion, 'models', model.key),
        storageKey,
        name: model.name,
        category: model.category,
      });
    }
    for (const garment of await renderSeedGarments()) {
      const { storageKey } = await storeCataloguePicture(storage, 'garments', garment.image);
      stored.push({
        kind: 'garments',
        id: starterItemId(starterCatalogueVersion, 'garments', garment.key),
        storageKey,
        name: garment.name,
        category: garment.category,
      });
    }
    const outcome = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      const state = await catalogueState(tx);
      if (!needsSeed(state)) return { added: 0, removed: [] as Row[] };
      for (const kind of ['models', 'garments'] as const) {
        const retiredIds = state.retired[kind].map((row) => row.id);
        if (retiredIds.length) await tx.delete(tables[kind]).where(inArray(tables[kind].id, retiredIds));
        const rows = stored
          .filter((item) => item.kind === kind)
          .map(({ id, name, category, storageKey }) => ({ id, name, category, storageKey }));
        await tx.insert(tables[kind]).values(rows);
      }
      return { added: stored.length, removed: [...state.retired.models, ...state.retired.garments] };
    });
    if (outcome.added === 0) {
      await deleteKeys(storage, stored);
      return 0;
    }
    await deleteKeys(storage, outcome.removed);
    deps.log?.info(
      { added: outcome.added, removed: outcome.removed.length, version: starterCatalogueVersion },
      outcome.removed.length ? 'replaced the earlier starter try-on catalogue' : 'seeded the try-on catalogue',
    );
    return outcome.added;
  } catch (error) {
    await deleteKeys(storage, stored);
    throw error;
  }
}

const SEED_LOCK_ID = 727_003;

async function deleteKeys(storage: Storage, items: { storageKey: string }[]): Promise<void> {
  for (const item of items) await storage.delete(item.storageKey).catch(() => undefined);
}

/** Once a server that runs jobs is ready, the install gets its starter try-on catalogue (in the background). */
export function startTryOnCatalogueSeed(app: FastifyInstance): void {
  app.addHook('onReady', async () =>
    app.backgroundTasks.run(() => seedTryOnCatalogue({ db: app.db, storage: storageOf(app), log: app.log })),
  );
}
