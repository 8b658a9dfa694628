import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { compiledByLiftoffOnly, migrationsFolder } from '../db/database.ts';

/** Where the test run's migrated PGlite dump is, set by the server suite's global setup. */
const TEMPLATE_ENV = 'LUMEN_TEST_PGLITE_TEMPLATE';

/**
 * Migrates one in-memory PGlite and writes its data directory to a file once per test run, so each
 * test app starts from that dump instead of running initdb and every migration again (~2 s each).
 * Returns the teardown.
 */
export async function writePgliteTemplate(): Promise<() => Promise<void>> {
  const client = await compiledByLiftoffOnly(() => PGlite.create());
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const path = join(tmpdir(), `lumen-test-pglite-${process.pid}.tar`);
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = path;
  return () => rm(path, { force: true });
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
