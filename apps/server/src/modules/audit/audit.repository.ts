import { and, count, desc, eq, gte, ilike, lt, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rangeEnd, rangeStart } from '../../lib/date-range.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { userDirectory } from '../users/index.ts';
import { auditLog } from './tables.ts';
import type { AuditLogRow } from './tables.ts';

/** Who is acting and from where; routes build it from the request, services stay free of HTTP. */
export type AuditActor = { userId: string; ip: string | null; userAgent: string | null };

export type AuditRecord = {
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
};

/** Call inside the transaction that makes the change, so both commit or neither does. */
export async function insertAuditEntry(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor.userId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

const actor = userDirectory('actor');

export async function findAuditPage(
  db: Db,
  input: { action?: string; targetType?: string; search?: string; from?: string; to?: string; limit: number; page: number },
): Promise<{ rows: Array<AuditLogRow & { actorEmail: string | null }>; total: number }> {
  const conditions: SQL[] = [];
  if (input.action) conditions.push(eq(auditLog.action, input.action));
  if (input.targetType) conditions.push(eq(auditLog.targetType, input.targetType));
  if (input.search) {
    const pattern = likePattern(input.search);
    const match = or(
      ilike(actor.email, pattern),
      ilike(auditLog.action, pattern),
      ilike(auditLog.targetId, pattern),
      ilike(auditLog.ip, pattern),
    );
    if (match) conditions.push(match);
  }
  const start = rangeStart(input.from);
  const end = rangeEnd(input.to);
  if (start) conditions.push(gte(auditLog.createdAt, start));
  if (end) conditions.push(lt(auditLog.createdAt, end));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: actor.email })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ total: count() }).from(auditLog).leftJoin(actor, eq(actor.id, auditLog.actorUserId)).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row.entry, actorEmail: row.actorEmail })), total: counted?.total ?? 0 };
}
