import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/result-rows.ts';
import { securityEvents } from './tables.ts';

type Period = { from: Date; to: Date };

const inPeriod = (period: Period) =>
  sql`${securityEvents.createdAt} >= ${period.from.toISOString()} and ${securityEvents.createdAt} < ${period.to.toISOString()}`;

/**
 * Who signed in on which UTC day over [from, to), as a select another module's statement composes (decision 100):
 * columns `day` ('YYYY-MM-DD') and `user_id`, a row per sign-in of a known person. Admin's analytics unites it with the
 * jobs' own days to count active users.
 */
export function signInDaysSql(period: Period): SQL {
  return sql`select to_char(${securityEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day, ${securityEvents.userId} as user_id from ${securityEvents} where ${securityEvents.type} = 'sign_in' and ${securityEvents.userId} is not null and ${inPeriod(period)}`;
}

/** Failed sign-ins per UTC hour over [from, to): a row per hour with any, `hour` as 'YYYY-MM-DDTHH:00:00Z' and `count`. */
export async function failedSignInsPerHour(db: Db, period: Period): Promise<{ hour: string; count: number }[]> {
  return rowsOf(
    await db.execute(sql`
      select to_char(${securityEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') as hour, count(*)::int as count
      from ${securityEvents}
      where ${securityEvents.type} = 'sign_in_failed' and ${inPeriod(period)}
      group by 1`),
  );
}

/**
 * The 20 addresses with the most failed sign-ins over [from, to) ('unknown' for none): how many, on how many accounts
 * (known people and e-mails tried), and the last one.
 */
export async function failedSignInsPerIp(
  db: Db,
  period: Period,
): Promise<{ ip: string; count: number; accounts: number; last_at: string | Date }[]> {
  return rowsOf(
    await db.execute(sql`
      select coalesce(${securityEvents.ip}, 'unknown') as ip, count(*)::int as count,
             count(distinct coalesce(${securityEvents.userId}::text, ${securityEvents.detail}->>'email'))::int as accounts,
             max(${securityEvents.createdAt}) as last_at
      from ${securityEvents}
      where ${securityEvents.type} = 'sign_in_failed' and ${inPeriod(period)}
      group by 1 order by 2 desc, 1 limit 20`),
  );
}
