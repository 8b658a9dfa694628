import { writePgliteTemplate } from './pglite-template.ts';

/** Runs once before the server suite: on the embedded database, one migrated PGlite for every test app. */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  return writePgliteTemplate();
}
