import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { UserPlan, UserSort, UserStatus } from '@lumen/core/admin/schemas';
import type { Role } from '@lumen/core/users/schemas';
import type { Db } from '../../db/database.ts';
import { creditBalances, hasPaidFor } from '../credits/index.ts';
import { userDirectory } from '../users/index.ts';

import { likePattern } from '../../lib/like-pattern.ts';

const account = userDirectory('account');
const credit = creditBalances('credit');

/** Paid: the ledger holds a purchase or a subscription grant (what /payment/usage calls the paid plan). */
const hasPaid = hasPaidFor(account.id);

const statusSql = sql<UserStatus>`case when ${account.suspendedAt} is not null then 'suspended' when ${account.emailVerifiedAt} is null then 'unverified' else 'active' end`;

const balance = sql<number>`coalesce(${credit.balance}, 0)`.mapWith(Number);
const spent = sql<number>`coalesce(${credit.spent}, 0)`.mapWith(Number);

const orderBy: Record<UserSort, SQL[]> = {
  newest: [desc(account.createdAt), desc(account.id)],
  oldest: [asc(account.createdAt), asc(account.id)],
  name: [asc(sql`lower(${account.firstName} || ' ' || ${account.lastName})`), asc(account.id)],
  email: [asc(sql`lower(${account.email})`), asc(account.id)],
  balance: [desc(balance), desc(account.createdAt), desc(account.id)],
  spent: [desc(spent), desc(account.createdAt), desc(account.id)],
};

export async function findUsersPage(
  db: Db,
  input: { search?: string; role?: Role; status?: UserStatus; plan?: UserPlan; sort?: UserSort; limit: number; page: number },
) {
  const conditions: SQL[] = [];
  if (input.search) {
    const pattern = likePattern(input.search);
    const byName = or(
      ilike(account.firstName, pattern),
      ilike(account.lastName, pattern),
      ilike(account.email, pattern),
      ilike(sql`${account.firstName} || ' ' || ${account.lastName}`, pattern),
    );
    if (byName) conditions.push(byName);
  }
  if (input.role) conditions.push(eq(account.role, input.role));
  if (input.status === 'suspended') conditions.push(isNotNull(account.suspendedAt));
  if (input.status === 'unverified') conditions.push(and(isNull(account.suspendedAt), isNull(account.emailVerifiedAt)) as SQL);
  if (input.status === 'active') conditions.push(and(isNull(account.suspendedAt), isNotNull(account.emailVerifiedAt)) as SQL);
  if (input.plan === 'paid') conditions.push(hasPaid);
  if (input.plan === 'free') conditions.push(sql`not ${hasPaid}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: account.id,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        role: account.role,
        status: statusSql,
        isPaid: hasPaid,
        balance,
        spent,
        createdAt: account.createdAt,
      })
      .from(account)
      .leftJoin(credit, eq(credit.userId, account.id))
      .where(where)
      .orderBy(...orderBy[input.sort ?? 'newest'])
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ total: count() }).from(account).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
