import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { compiledByLiftoffOnly, migrationsFolder } from '../db/database.ts';

/** Where the test run's migrated PGlite dump is, set by the server suite's global setup. */
const TEMPLATE_ENV = 'LUMEN_TEST_PGLITE_TEMPLATE';

/**
 * Migrates one in-memory PGlite and writes its data directory to a file, so each test app starts from that dump
 * instead of running initdb and every migration again (~2 s each). The file is named by what makes it (the migration
 * files, PGlite's and drizzle-orm's versions) and kept in the system's temporary folder, so the next test run (the
 * SDK's after the server's, or the next single file) reads it instead of making it again (28 s on a loaded machine).
 * Returns the teardown, which leaves the file for the next run and removes dumps unused for a day.
 */
export async function writePgliteTemplate(): Promise<() => Promise<void>> {
  const path = join(tmpdir(), `${DUMP_PREFIX}${await templateKey()}.tar`);
  if (!existsSync(path)) {
    const client = await compiledByLiftoffOnly(() => PGlite.create());
    await migrate(drizzle({ client }), { migrationsFolder });
    await dropTemplateDatabases(client);
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written aside and renamed, so a run that starts meanwhile never reads half a file.
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
  } else {
    const now = new Date();
    await utimes(path, now, now); // used: removeUnusedDumps keeps it another day
  }
  process.env[TEMPLATE_ENV] = path;
  return () => removeUnusedDumps(path);
}

const DUMP_PREFIX = 'lumen-test-pglite-';

/**
 * PGlite serves only its `postgres` database; initdb's template0 and template1 are a third of the dump's bytes and
 * half its files, which every test app would unpack again (a test app opens in about 200 ms instead of 300 ms
 * without them).
 */
async function dropTemplateDatabases(client: PGlite): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await client.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await client.exec(`DROP DATABASE ${name}`); // alone: DROP DATABASE runs outside a transaction
  }
  await client.exec('CHECKPOINT');
}

/** Changes whenever writePgliteTemplate makes its dump differently, so no dump made the old way is read again. */
const DUMP_RECIPE = 'migrated, without template databases\n';

/** A hash of the recipe, of the migration files and of the versions of PGlite and drizzle-orm (its migrator) that make the dump. */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(DUMP_RECIPE);
  for (const name of ['@electric-sql/pglite', 'drizzle-orm']) hash.update(`${name}@${await versionOf(name)}\n`);
  const files = (await readdir(migrationsFolder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(`${relative(migrationsFolder, file)}\n`).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

/** An installed package's version, from the package.json above its entry (neither package exports its package.json). */
async function versionOf(name: string): Promise<string> {
  const require = createRequire(import.meta.url);
  for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name: found, version } = JSON.parse(await readFile(manifest, 'utf8')) as { name?: string; version?: string };
    if (found === name && version) return version;
  }
  throw new Error(`no package.json of ${name} above ${require.resolve(name)}`);
}

/** Dumps (of other migrations) unused for a day go; the one just used stays. */
async function removeUnusedDumps(kept: string): Promise<void> {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of await readdir(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(DUMP_PREFIX) || path === kept) continue;
    const stats = await stat(path).catch(() => null);
    if (stats && stats.mtimeMs < dayAgo) await rm(path, { force: true });
  }
}

let template: Promise<Blob | undefined> | undefined;

/** The migrated dump, read once per test file, or undefined outside the suite (benches). */
export function readPgliteTemplate(): Promise<Blob | undefined> {
  template ??= loadTemplate();
  return template;
}

async function loadTemplate(): Promise<Blob | undefined> {
  const path = process.env[TEMPLATE_ENV];
  if (!path) return undefined;
  try {
    return new Blob([await readFile(path)]);
  } catch {
    return undefined;
  }
}
