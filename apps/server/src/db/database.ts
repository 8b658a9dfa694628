import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgliteChangeFeed, postgresChangeFeed } from './change-feed.ts';
import type { ChangeFeed } from './change-feed.ts';

/** Drizzle over PGlite or node-postgres; transactions are the same type. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What other processes changed (db/change-feed.ts), for the copies a process keeps in memory. */
  changes: ChangeFeed;
  /** Applies the committed migrations in apps/server/drizzle (idempotent). */
  migrate(): Promise<void>;
  /** Answers whether the database takes a query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Any constant shared by every process of the app: the advisory lock held while migrating. */
const MIGRATION_LOCK_ID = 7_120_431_001;

type DatabaseOptions =
  | { databaseUrl: string; maxConnections?: number; onIdleError?: (error: Error) => void }
  /** pgliteDir null keeps the embedded database in memory (tests); loadDataDir starts it from a dump. */
  | { pgliteDir: string | null; loadDataDir?: Blob };

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
    // An idle connection dropped by the server (restart, failover, terminated backend) is discarded by
    // the pool; without a listener Node would treat the 'error' event as fatal and exit.
    pool.on('error', options.onIdleError ?? (() => undefined));
    // A client checked out for a transaction has no pool listener: if the server drops it between two
    // statements, node-postgres emits 'error' on it and, unheard, that would crash the process. The
    // pending or next query still fails (the request answers 503) and the pool discards the client.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      releaseOnFailedBegin(client);
    });
    const db = drizzlePg({ client: pool });
    const changes = postgresChangeFeed(options.databaseUrl, pool);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      changes,
      migrate: async () => {
        // Several API and worker processes may start at once on a fresh database: one migrates, the
        // others wait on this session lock and then find nothing left to do.
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(db, { migrationsFolder });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
          lock.release();
        }
      },
      ping: () => ping(db as unknown as Db),
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }
  // The embedded database (some 45 MB of code) loads only where it is used, not in processes on PostgreSQL.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const startParams = [...PGlite.defaultStartParams, ...pgliteSettings.flatMap((setting) => ['-c', setting])];
  if (options.pgliteDir) await initPgliteDir(options.pgliteDir);
  const pgliteDir = options.pgliteDir;
  const client = await compiledByLiftoffOnly(() =>
    pgliteDir ? PGlite.create(pgliteDir, { startParams }) : PGlite.create({ loadDataDir: options.loadDataDir, startParams }),
  );
  const db = drizzlePglite({ client });
  const changes = pgliteChangeFeed(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    changes,
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db as unknown as Db),
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

/**
 * drizzle-orm (0.45) sends a transaction's BEGIN before its try/finally that releases the pooled client:
 * a BEGIN failing on a dropped connection would keep the client checked out for ever, so every database
 * outage would leak pool slots until no request could get one (and pool.end() would never finish).
 * A failed BEGIN releases its client here, with the error so the pool discards it.
 */
function releaseOnFailedBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
    if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || !(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Postgres settings of the embedded database (decision 069). PGlite's initdb writes PostgreSQL's shared_buffers of
 * 128 MB, which PGlite allocates and touches in its WebAssembly memory at start: 16 MB is plenty for one connection
 * (the data files stay in the operating system's page cache) and holds some 110 MB less.
 */
export const pgliteSettings = ['shared_buffers=16MB'];

/**
 * Runs `open` (PGlite.create) with V8's WebAssembly tiers limited to its baseline compiler, Liftoff (decision 097).
 * By default V8 also recompiles PGlite's hot functions with TurboFan on background threads as queries run: that held
 * some 50 MB more (the optimised code and what compiling it allocated) and cost CPU at every start, for no measurable
 * gain in query time. V8 picks a module's tiers when it compiles it, so the flag is set around the compilation only
 * and put back after, leaving other WebAssembly (the pose model's TensorFlow.js backend) optimised as before. A
 * process started with --liftoff-only or --no-liftoff-only keeps its own choice.
 */
export async function compiledByLiftoffOnly<T>(open: () => Promise<T>): Promise<T> {
  if (process.execArgv.some((option) => /^--(no-)?liftoff[-_]only$/.test(option))) return open();
  if (liftoffOnlyOpens++ === 0) setFlagsFromString('--liftoff-only');
  try {
    return await open();
  } finally {
    if (--liftoffOnlyOpens === 0) setFlagsFromString('--no-liftoff-only');
  }
}

/** How many PGlite.create calls are under way (tests open several at once): the last one puts the flag back. */
let liftoffOnlyOpens = 0;

/**
 * A new embedded database is made (initdb) in a short-lived child process: PGlite runs initdb in a second
 * WebAssembly instance beside a copy of the first one's memory, and this process would keep the 300–500 MB that
 * takes as resident memory for its whole life (decision 069). An existing one is left as it is.
 */
async function initPgliteDir(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = 'const { PGlite } = require(process.argv[1]); PGlite.create(process.argv[2]).then((db) => db.close());';
  await new Promise<void>((resolveInit, reject) => {
    // Liftoff alone (see compiledByLiftoffOnly): initdb's runs finish sooner without TurboFan recompiling in the background.
    const child = spawn(process.execPath, ['--liftoff-only', '-e', script, entry, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolveInit() : reject(new Error(`initdb of the embedded database in ${dir} failed (${signal ?? code}): ${stderr}`)),
    );
  });
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'db');
}
