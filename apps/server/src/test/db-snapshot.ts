import { sql } from 'drizzle-orm';
import type { TestApp } from './build-test-app.ts';

/** Row count and a hash of every row of every table in the public schema, but the `except` ones. */
export async function snapshotTables(t: TestApp, except: readonly string[] = []): Promise<Record<string, string>> {
  // node-postgres answers {rows}; the result is typed unknown on the shared Db type.
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rowsOf<{ name: string }>(
    await t.database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    if (except.includes(name)) continue;
    const [row] = rowsOf<{ n: number; h: string }>(
      await t.database.db.execute(
        sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.identifier(name)} t`,
      ),
    );
    result[name] = `${row!.n} rows, ${row!.h}`;
  }
  return result;
}
