import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Role } from '@lumen/core/users/schemas';
import type { Db } from '../../db/database.ts';
import { creditAccounts } from '../credits/tables.ts';
import { users } from '../users/tables.ts';

/** `%` and `_` in a search are literal characters, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function findUsersPage(
  db: Db,
  input: { search?: string; role?: Role; limit: number; page: number },
) {
  const conditions: SQL[] = [];
  if (input.search) {
    const pattern = likePattern(input.search);
    const byName = or(
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(users.email, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    );
    if (byName) conditions.push(byName);
  }
  if (input.role) conditions.push(eq(users.role, input.role));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        balance: sql<number>`coalesce(${creditAccounts.balance}, 0)`.mapWith(Number),
        spent: sql<number>`coalesce(${creditAccounts.spent}, 0)`.mapWith(Number),
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(creditAccounts, eq(creditAccounts.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
