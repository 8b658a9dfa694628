import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tryOnGarmentSchema, tryOnModelSchema } from '@lumen/core/jobs/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { storageDirectory } from '../files/storage.ts';
import { loadConfig } from '../../config/index.ts';
import { retiredStarterItems, seedModels, seedTryOnCatalogue, starterCatalogueVersion, starterItemId } from './catalogue-seed.ts';
import { storeCataloguePicture } from './try-on-catalogue.service.ts';
import { tryOnGarments, tryOnModels } from './tables.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await registerUser(t.app)).accessToken;
});
afterAll(async () => t?.close());

const list = async <T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>[]> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/try-on/${path}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return z.array(schema).parse(response.json().data);
};

/** The media link answers with the picture itself. */
async function picture(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

describe('the starter try-on catalogue', () => {
  it('is off in tests unless TRY_ON_CATALOGUE_SEED turns it on, and refuses a value that is not a switch', () => {
    const dataDir = t.config.dataDir;
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).tryOnCatalogueSeed).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', TRY_ON_CATALOGUE_SEED: 'true' }).tryOnCatalogueSeed).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }).tryOnCatalogueSeed).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development', TRY_ON_CATALOGUE_SEED: 'false' }).tryOnCatalogueSeed).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, TRY_ON_CATALOGUE_SEED: 'maybe' })).toThrow(/TRY_ON_CATALOGUE_SEED: must be true or false/);
  });

  it('is added once when two processes seed an empty catalogue together, and users see it', async () => {
    expect(await list('models', tryOnModelSchema)).toEqual([]);
    expect(await list('garments', tryOnGarmentSchema)).toEqual([]);
    const deps = { db: t.database.db, storage: t.app.storage };
    const counts = await Promise.all([seedTryOnCatalogue(deps), seedTryOnCatalogue(deps)]);
    const models = await list('models', tryOnModelSchema);
    const garments = await list('garments', tryOnGarmentSchema);
    expect(counts.sort((a, b) => a - b)).toEqual([0, models.length + garments.length]);
    expect(await seedTryOnCatalogue(deps)).toBe(0);

    expect(models.map((model) => model.name).sort()).toEqual(seedModels.map((model) => model.name).sort());
    expect(new Set(garments.map((garment) => garment.category))).toEqual(new Set(['top', 'bottom', 'dress', 'outerwear']));
    expect((await t.database.db.select().from(tryOnModels)).length).toBe(models.length);
    expect((await t.database.db.select().from(tryOnGarments)).length).toBe(garments.length);

    // Every stored file belongs to a row: the process that lost the race deleted its copies.
    const keys = [...(await t.database.db.select().from(tryOnModels)), ...(await t.database.db.select().from(tryOnGarments))].map(
      (row) => row.storageKey,
    );
    for (const kind of ['models', 'garments']) {
      const files = await readdir(join(storageDirectory(t.config.dataDir), 'try-on', kind));
      expect(files.map((file) => `try-on/${kind}/${file}`).sort()).toEqual(keys.filter((key) => key.startsWith(`try-on/${kind}/`)).sort());
    }
    for (const item of [models[0]!, garments[0]!]) {
      const bytes = await picture(item.imageUrl);
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    }
  });

  it('shows adults only: every starter model is one of the licensed photos, with a stable id', async () => {
    const models = await list('models', tryOnModelSchema);
    expect(models.map((model) => model.id).sort()).toEqual(
      seedModels.map((model) => starterItemId(starterCatalogueVersion, 'models', model.key)).sort(),
    );
    const readme = await readFile(new URL('./README.md', import.meta.url), 'utf8');
    for (const model of seedModels)
      expect(readme, `${model.file} has no licence line`).toMatch(
        new RegExp(`\\|\\s*\`${model.file}\`\\s*\\|.*(Unsplash|Pexels) Licen[cs]e`),
      );
  });

  it("replaces the earlier starter set (rows and pictures) and keeps the admin's own items", async () => {
    const deps = { db: t.database.db, storage: t.app.storage };
    await t.database.db.delete(tryOnModels);
    await t.database.db.delete(tryOnGarments);
    const picture = await readFile(new URL('./seed-photos/denim-jacket-beach.jpg', import.meta.url));
    const insert = async (kind: 'models' | 'garments', name: string, category: string) => {
      const { id, storageKey } = await storeCataloguePicture(t.app.storage, kind, picture);
      await t.database.db.insert(kind === 'models' ? tryOnModels : tryOnGarments).values({ id, name, category, storageKey });
      return storageKey;
    };
    const oldKeys: string[] = [];
    for (const kind of ['models', 'garments'] as const) {
      for (const item of retiredStarterItems[kind]) oldKeys.push(await insert(kind, item.name, item.category));
    }
    const ownKey = await insert('models', 'Our studio model', 'top');

    expect(await seedTryOnCatalogue(deps)).toBe(seedModels.length + 5);
    const models = await list('models', tryOnModelSchema);
    expect(models.map((model) => model.name).sort()).toEqual([...seedModels.map((model) => model.name), 'Our studio model'].sort());
    const garments = await list('garments', tryOnGarmentSchema);
    expect(garments.map((garment) => garment.name)).not.toContain('Coral T-shirt');
    expect(garments).toHaveLength(5);
    // The old pictures are gone from storage; the admin's is kept.
    for (const key of oldKeys) expect(await t.app.storage.exists(key)).toBe(false);
    expect(await t.app.storage.exists(ownKey)).toBe(true);
    expect(await seedTryOnCatalogue(deps)).toBe(0);
  });

  it('leaves a catalogue the admin has started alone', async () => {
    const deps = { db: t.database.db, storage: t.app.storage };
    await t.database.db.delete(tryOnModels);
    expect(await seedTryOnCatalogue(deps)).toBe(0);
    expect(await list('models', tryOnModelSchema)).toEqual([]);
  });
});
