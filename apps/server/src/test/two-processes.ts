import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/database.ts';
import type { Database } from '../db/database.ts';
import { buildTestApp } from './build-test-app.ts';
import type { TestApp } from './build-test-app.ts';

/**
 * Two API processes on one database for the calling test file, as production runs several: on PostgreSQL the second
 * app has its own pool and its own listening connection; the embedded database lives in one process, so there the
 * second app shares it (and its notices). Both are up, and both change feeds listening, before the tests run.
 */
export function twoProcessesForFile() {
  let first: TestApp | undefined;
  let second: FastifyInstance | undefined;
  let secondDatabase: Database | null = null;
  beforeAll(async () => {
    first = await buildTestApp();
    secondDatabase = first.databaseUrl ? await createDatabase({ databaseUrl: first.databaseUrl, maxConnections: 4 }) : null;
    second = await buildApp({ config: first.config, database: secondDatabase ?? first.database, print: () => undefined });
    for (let attempt = 0; attempt < 250 && !(first.database.changes.isLive() && second.database.changes.isLive()); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (!second.database.changes.isLive()) throw new Error('the change feed did not start listening');
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });
  return { first: () => first!, second: () => second! };
}

/** Milliseconds until `check` holds, polling every 20 ms; throws after `limitMs`. */
export async function msUntil(check: () => Promise<boolean>, limitMs = 1000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`still not so after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
