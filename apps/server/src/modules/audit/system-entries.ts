import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { auditLog } from './tables.ts';

/** An audit entry written by the system itself (no admin acted), e.g. a worker restarted for its memory ceiling. */
export async function insertSystemAuditEntry(
  db: Db,
  entry: { action: string; targetType: string; targetId: string; after: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** How many audit entries of this action there are. */
export async function countAuditEntries(db: Db, action: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.action, action));
  return Number(row?.count ?? 0);
}
