import { sql } from 'drizzle-orm';
import { MAX_SECURITY_RANGE_DAYS } from '@lumen/core/admin/ip-blocks';
import type { FailedSignIns } from '@lumen/core/admin/ip-blocks';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { rowsOf } from '../../db/result-rows.ts';

const HOUR = 3_600_000;

/** Failed sign-ins per hour and per IP over a range: spikes of guessing show up as tall bars and busy addresses. */
export async function failedSignIns(db: Db, query: { from?: string; to?: string }, now: Date): Promise<FailedSignIns> {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 24 * HOUR);
  if (from >= to)
    throw new AppError('VALIDATION_ERROR', 400, 'from must be before to', {
      details: [{ field: 'from', message: 'from must be before to' }],
    });
  if (to.getTime() - from.getTime() > MAX_SECURITY_RANGE_DAYS * 24 * HOUR) {
    throw new AppError('VALIDATION_ERROR', 400, `The range can be at most ${MAX_SECURITY_RANGE_DAYS} days`, {
      details: [{ field: 'from', message: `The range can be at most ${MAX_SECURITY_RANGE_DAYS} days` }],
    });
  }
  const [hours, ips] = await Promise.all([
    db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') as hour, count(*)::int as count
      from security_events
      where type = 'sign_in_failed' and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
      group by 1`),
    db.execute(sql`
      select coalesce(ip, 'unknown') as ip, count(*)::int as count,
             count(distinct coalesce(user_id::text, detail->>'email'))::int as accounts, max(created_at) as last_at
      from security_events
      where type = 'sign_in_failed' and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
      group by 1 order by 2 desc, 1 limit 20`),
  ]);
  const counts = new Map(rowsOf<{ hour: string; count: number }>(hours).map((row) => [new Date(row.hour).getTime(), Number(row.count)]));
  const perHour: FailedSignIns['perHour'] = [];
  for (let hour = Math.floor(from.getTime() / HOUR) * HOUR; hour < to.getTime(); hour += HOUR) {
    perHour.push({ hour: new Date(hour).toISOString(), count: counts.get(hour) ?? 0 });
  }
  const perIp = rowsOf<{ ip: string; count: number; accounts: number; last_at: string | Date }>(ips).map((row) => ({
    ip: row.ip,
    count: Number(row.count),
    accounts: Number(row.accounts),
    lastAt: new Date(row.last_at).toISOString(),
  }));
  return { from: from.toISOString(), to: to.toISOString(), total: perHour.reduce((sum, hour) => sum + hour.count, 0), perHour, perIp };
}
