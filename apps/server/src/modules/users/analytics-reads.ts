import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/result-rows.ts';
import { users } from './tables.ts';

/** Sign-ups per UTC day over [from, to): a row per day with any, `day` as 'YYYY-MM-DD' and `n`. */
export async function signupsPerDay(db: Db, period: { from: Date; to: Date }): Promise<{ day: string; n: number }[]> {
  const [from, to] = [period.from.toISOString(), period.to.toISOString()];
  const day = sql`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return rowsOf(
    await db.execute(
      sql`select ${day} as day, count(*)::int as n from ${users} where ${users.createdAt} >= ${from} and ${users.createdAt} < ${to} group by 1`,
    ),
  );
}
