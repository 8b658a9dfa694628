import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { UserPlan, UserSort, UserStatus } from '@lumen/core/admin/schemas';
import type { Role } from '@lumen/core/users/schemas';
import type { Db } from '../../db/database.ts';
import { creditAccounts } from '../credits/index.ts';
import { users } from '../users/index.ts';

import { likePattern } from '../../lib/like-pattern.ts';

/** Paid: the ledger holds a purchase or a subscription grant (what /payment/usage calls the paid plan). */
const hasPaid = sql<boolean>`exists (select 1 from credit_ledger l where l.user_id = ${users.id} and l.kind in ('purchase', 'subscription_grant'))`;

const statusSql = sql<UserStatus>`case when ${users.suspendedAt} is not null then 'suspended' when ${users.emailVerifiedAt} is null then 'unverified' else 'active' end`;

const balance = sql<number>`coalesce(${creditAccounts.balance}, 0)`.mapWith(Number);
const spent = sql<number>`coalesce(${creditAccounts.spent}, 0)`.mapWith(Number);

const orderBy: Record<UserSort, SQL[]> = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id)],
  email: [asc(sql`lower(${users.email})`), asc(users.id)],
  balance: [desc(balance), desc(users.createdAt), desc(users.id)],
  spent: [desc(spent), desc(users.createdAt), desc(users.id)],
};

export async function findUsersPage(
  db: Db,
  input: { search?: string; role?: Role; status?: UserStatus; plan?: UserPlan; sort?: UserSort; limit: number; page: number },
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
  if (input.status === 'suspended') conditions.push(isNotNull(users.suspendedAt));
  if (input.status === 'unverified') conditions.push(and(isNull(users.suspendedAt), isNull(users.emailVerifiedAt)) as SQL);
  if (input.status === 'active') conditions.push(and(isNull(users.suspendedAt), isNotNull(users.emailVerifiedAt)) as SQL);
  if (input.plan === 'paid') conditions.push(hasPaid);
  if (input.plan === 'free') conditions.push(sql`not ${hasPaid}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        status: statusSql,
        isPaid: hasPaid,
        balance,
        spent,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(creditAccounts, eq(creditAccounts.userId, users.id))
      .where(where)
      .orderBy(...orderBy[input.sort ?? 'newest'])
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
