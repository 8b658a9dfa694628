import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from './tables.ts';
import type { UserRow } from './tables.ts';

// Builds SQL only; the statement that joins the subquery runs it, in whatever transaction that statement is in.
const query = new QueryBuilder();

const directoryColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  suspendedAt: users.suspendedAt,
  createdAt: users.createdAt,
};

/**
 * The users as other modules see them, for a statement that joins, filters, sorts or pages by a user column (admin
 * lists searching by e-mail or sorted by name, a request's owner checked in the same lookup): a subquery of only
 * these columns, which the caller joins on `id` (decision 099). `name` is its alias, a literal type, by which Drizzle
 * types a join's nullability: give two joins of it in one statement different names. PostgreSQL flattens it into a
 * plain join of `users`, so the plan is unchanged.
 */
export function userDirectory<TName extends string = 'user_directory'>(name: TName = 'user_directory' as TName) {
  return query.select(directoryColumns).from(users).as(name);
}

const profileColumns = { ...directoryColumns, profileImage: users.profileImage, suspendedReason: users.suspendedReason };
type ProfileColumnName = keyof typeof profileColumns;

/** What a user's profile shows (the user object every endpoint returns, and an admin's view of a suspension). */
export type UserProfileRow = Pick<UserRow, ProfileColumnName>;

/**
 * A user's profile columns (never the password hash or the sign-in fields), for the one statement that reads them
 * with what another module keeps beside them (credits' `findUserWithCredit`): `table` to select from and join on
 * `table.id`, `row` to select the profile as one object.
 */
export function userProfiles<TName extends string = 'user_profile'>(name: TName = 'user_profile' as TName) {
  const table = query.select(profileColumns).from(users).as(name);
  const row = Object.fromEntries((Object.keys(profileColumns) as ProfileColumnName[]).map((key) => [key, table[key]])) as {
    [K in ProfileColumnName]: (typeof table)[K];
  };
  return { table, row };
}
