import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';
import { rowsOf } from './result-rows.ts';

/**
 * Runs `query` as a named prepared statement: PostgreSQL parses and plans it once per connection and then only binds
 * the values, where `db.execute` sends the text unnamed, to be parsed and planned on every call. For statements run
 * thousands of times a second (the job submission). One name must always stand for the same SQL text (the values may
 * differ). Works in a transaction too; PGlite runs it as a plain query.
 */
export async function executeNamed(db: Db, name: string, query: SQL): Promise<Record<string, unknown>[]> {
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return rowsOf(await prepared.execute());
}
