import { MAX_SECURITY_RANGE_DAYS } from '@lumen/core/admin/ip-blocks';
import type { FailedSignIns } from '@lumen/core/admin/ip-blocks';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { failedSignInsPerHour, failedSignInsPerIp } from '../auth/index.ts';

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
  const [hours, ips] = await Promise.all([failedSignInsPerHour(db, { from, to }), failedSignInsPerIp(db, { from, to })]);
  const counts = new Map(hours.map((row) => [new Date(row.hour).getTime(), Number(row.count)]));
  const perHour: FailedSignIns['perHour'] = [];
  for (let hour = Math.floor(from.getTime() / HOUR) * HOUR; hour < to.getTime(); hour += HOUR) {
    perHour.push({ hour: new Date(hour).toISOString(), count: counts.get(hour) ?? 0 });
  }
  const perIp = ips.map((row) => ({
    ip: row.ip,
    count: Number(row.count),
    accounts: Number(row.accounts),
    lastAt: new Date(row.last_at).toISOString(),
  }));
  return { from: from.toISOString(), to: to.toISOString(), total: perHour.reduce((sum, hour) => sum + hour.count, 0), perHour, perIp };
}
