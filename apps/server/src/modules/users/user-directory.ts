import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from './tables.ts';

// Builds SQL only; the statement that joins the subquery runs it, in whatever transaction that statement is in.
const query = new QueryBuilder();

/**
 * The users as other modules see them, for a statement that joins, filters, sorts or pages by a user column (admin
 * lists searching by e-mail or sorted by name, a request's owner checked in the same lookup): a subquery of only
 * these columns, which the caller joins on `id` (decision 099). `name` is its alias, a literal type, by which Drizzle
 * types a join's nullability: give two joins of it in one statement different names. PostgreSQL flattens it into a
 * plain join of `users`, so the plan is unchanged.
 */
export function userDirectory<TName extends string = 'user_directory'>(name: TName = 'user_directory' as TName) {
  return query
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      suspendedAt: users.suspendedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .as(name);
}

const rowColumns = getTableColumns(users);
type RowColumnName = keyof typeof rowColumns;

/**
 * A user's whole row (the face's `UserRow`), for the one statement that reads it with what another module keeps
 * beside it (credits' `findUserWithCredit`): `table` to select from and join on `table.id`, `row` to select the whole
 * row as one object.
 */
export function userRecords<TName extends string = 'user_record'>(name: TName = 'user_record' as TName) {
  const table = query.select(rowColumns).from(users).as(name);
  const row = Object.fromEntries((Object.keys(rowColumns) as RowColumnName[]).map((key) => [key, table[key]])) as {
    [K in RowColumnName]: (typeof table)[K];
  };
  return { table, row };
}
