import { and, count, desc, eq, gte, ilike, lt, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { SecurityEventType } from '@lumen/core/users/security-events';
import type { Db } from '../../db/database.ts';
import { rangeEnd, rangeStart } from '../../lib/date-range.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { userDirectory } from '../users/index.ts';
import { securityEvents } from './tables.ts';
import type { SecurityEventRow } from './tables.ts';

export type SecurityEventInput = {
  userId: string | null;
  type: SecurityEventType;
  ip: string | null;
  userAgent: string | null;
  detail?: Record<string, unknown>;
  /** Default: the database's now(). */
  createdAt?: Date;
};

export async function insertSecurityEvent(db: Db, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    userId: event.userId,
    type: event.type,
    ip: event.ip,
    userAgent: event.userAgent?.slice(0, 512) ?? null,
    detail: event.detail ?? null,
    ...(event.createdAt ? { createdAt: event.createdAt } : {}),
  });
}

const account = userDirectory('account');

export async function findSecurityEventPage(
  db: Db,
  input: { userId?: string; type?: SecurityEventType; search?: string; from?: string; to?: string; limit: number; page: number },
): Promise<{ rows: Array<SecurityEventRow & { userEmail: string | null }>; total: number }> {
  const conditions: SQL[] = [];
  if (input.userId) conditions.push(eq(securityEvents.userId, input.userId));
  if (input.type) conditions.push(eq(securityEvents.type, input.type));
  if (input.search) {
    const pattern = likePattern(input.search);
    const match = or(ilike(account.email, pattern), ilike(securityEvents.ip, pattern));
    if (match) conditions.push(match);
  }
  const start = rangeStart(input.from);
  const end = rangeEnd(input.to);
  if (start) conditions.push(gte(securityEvents.createdAt, start));
  if (end) conditions.push(lt(securityEvents.createdAt, end));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ event: securityEvents, userEmail: account.email })
      .from(securityEvents)
      .leftJoin(account, eq(account.id, securityEvents.userId))
      .where(where)
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ total: count() }).from(securityEvents).leftJoin(account, eq(account.id, securityEvents.userId)).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row.event, userEmail: row.userEmail })), total: counted?.total ?? 0 };
}
