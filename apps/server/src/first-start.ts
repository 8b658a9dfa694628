import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { AppConfig } from './config/index.ts';
import { createDatabase, pgliteDirFor } from './db/database.ts';
import { createPasswordHasher } from './modules/auth/index.ts';
import { publishFeaturedPosts } from './modules/community/index.ts';
import { openStorage } from './modules/files/index.ts';
import { seedTryOnCatalogue } from './modules/try-on/index.ts';
import { seedDatabase } from './seed.ts';

/**
 * The first start of a server that runs jobs on a new embedded database (decision 097). Its start-up work (migrating,
 * seeding, the featured community posts through the built-in engines, the starter try-on catalogue's pictures through
 * sharp) runs in a short-lived child process before the server opens the database: what that work loads (the engines,
 * the image library and the memory their threads freed) goes with the child, where the server would have kept some
 * 150 MB of it for its whole life. The embedded database takes one process at a time, so the child finishes first.
 */

/** Set in the child's environment: the entry runs `runFirstStart` instead of serving. */
export const FIRST_START_ENV = 'LUMEN_FIRST_START';

/** Whether this start should hand its start-up work to a child: the embedded database made now, a worker, work to do. */
export function firstStartInChild(config: AppConfig): boolean {
  return (
    !config.databaseUrl &&
    config.workerEnabled &&
    (config.featuredPosts || config.tryOnCatalogueSeed) &&
    !existsSync(join(pgliteDirFor(config.dataDir), 'PG_VERSION'))
  );
}

/**
 * Runs this process's own entry (process.argv[1], with the same Node options: the tsx loader in development) as the
 * child and waits for it. Its output is this process's. A child that fails leaves the work to the server, which does
 * whatever is still missing itself, as it did before (the work checks what exists).
 */
export async function runFirstStartInChild(warn: (message: string) => void): Promise<void> {
  const entry = process.argv[1];
  if (!entry) return;
  // Stopping the server meanwhile (Ctrl-C, SIGTERM) stops the child too, and then this process, as before.
  let stoppedBy: NodeJS.Signals | null = null;
  const code = await new Promise<number | string>((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, entry], {
      env: { ...process.env, [FIRST_START_ENV]: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const stop = (signal: NodeJS.Signals) => {
      stoppedBy = signal;
      child.kill(signal);
    };
    process.on('SIGTERM', stop).on('SIGINT', stop);
    const done = (result: number | string) => {
      process.off('SIGTERM', stop).off('SIGINT', stop);
      resolve(result);
    };
    child.once('error', (error) => done(error.message));
    child.once('exit', (exitCode, signal) => done(signal ?? exitCode ?? 1));
  });
  if (stoppedBy) process.exit(stoppedBy === 'SIGINT' ? 130 : 143);
  if (code !== 0) warn(`the first start's work in a child process failed (${code}); the server does what is missing`);
}

/** In the child: migrates and seeds the embedded database, makes the featured posts and the try-on catalogue, closes. */
export async function runFirstStart(config: AppConfig): Promise<void> {
  const log = Fastify({ logger: { level: config.logLevel } }).log;
  const database = await createDatabase({ pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    await database.migrate();
    await seedDatabase({
      db: database.db,
      hasher: createPasswordHasher({ isCheap: config.nodeEnv === 'test' }),
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      print: (text) => process.stdout.write(`${text}\n`),
    });
    const storage = await openStorage(config);
    try {
      const deps = { db: database.db, storage: storage.storage, log };
      if (config.featuredPosts) await publishFeaturedPosts(deps);
      if (config.tryOnCatalogueSeed) await seedTryOnCatalogue(deps);
    } finally {
      storage.close();
    }
  } finally {
    await database.close();
  }
}
