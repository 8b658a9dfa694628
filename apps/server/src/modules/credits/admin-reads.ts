import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { creditAccounts } from './tables.ts';

/**
 * Each user's balance and credits spent, as a subquery the admin's user list joins on `userId` to sort and show them
 * in its one statement (decision 099); a user without a credit account has no row.
 */
export function creditBalances<TName extends string = 'credit_balance'>(name: TName = 'credit_balance' as TName) {
  return new QueryBuilder()
    .select({ userId: creditAccounts.userId, balance: creditAccounts.balance, spent: creditAccounts.spent })
    .from(creditAccounts)
    .as(name);
}

/** True when the ledger of the user in `userId` (a column of the caller's statement) holds a purchase or a subscription grant: the paid plan of /payment/usage. */
export function hasPaidFor(userId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from credit_ledger l where l.user_id = ${userId} and l.kind in ('purchase', 'subscription_grant'))`;
}
