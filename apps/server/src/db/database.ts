import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** Drizzle over PGlite or node-postgres; transactions are the same type. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations in apps/server/drizzle (idempotent). */
  migrate(): Promise<void>;
  /** Answers whether the database takes a query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

type DatabaseOptions =
  | { databaseUrl: string; maxConnections?: number; onIdleError?: (error: Error) => void }
  /** pgliteDir null keeps the embedded database in memory (tests). */
  | { pgliteDir: string | null };

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
    // An idle connection dropped by the server (restart, failover, terminated backend) is discarded by
    // the pool; without a listener Node would treat the 'error' event as fatal and exit.
    pool.on('error', options.onIdleError ?? (() => undefined));
    const db = drizzlePg({ client: pool });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: () => ping(db as unknown as Db),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir ? await PGlite.create(options.pgliteDir) : await PGlite.create();
  const db = drizzlePglite({ client });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db as unknown as Db),
    close: () => client.close(),
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

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'db');
}
