import { asc, getTableColumns } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/** The rows of `table` matching `where`, with only the `names` columns, keyed in that order; sorted by `orderBy` when given. */
export async function readColumns<TTable extends PgTable, TName extends keyof TTable['$inferSelect'] & string>(
  db: Db,
  table: TTable,
  names: readonly TName[],
  where: SQL | undefined,
  orderBy?: PgColumn,
): Promise<Pick<TTable['$inferSelect'], TName>[]> {
  const columns = getTableColumns(table);
  const query = db
    .select(Object.fromEntries(names.map((name) => [name, columns[name]!])))
    .from(table as PgTable)
    .where(where);
  return (orderBy ? await query.orderBy(asc(orderBy)) : await query) as Pick<TTable['$inferSelect'], TName>[];
}
