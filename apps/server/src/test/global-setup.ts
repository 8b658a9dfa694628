import { writePgliteTemplate } from './pglite-template.ts';
import { writePostgresTemplate } from './postgres-template.ts';

/**
 * Runs once before the server suite: one migrated database that every test app starts from, instead of migrating its
 * own. On the embedded database a PGlite dump; with TEST_DATABASE_URL a template database on that server.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? writePostgresTemplate(serverUrl) : writePgliteTemplate();
}
