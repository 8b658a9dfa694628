import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { MailStatus } from '@lumen/core/admin/mail-outbox';
import type { Db } from '../../db/database.ts';
import { mailOutbox } from './tables.ts';
import type { MailOutboxRow } from './tables.ts';

export async function insertOutboxMessage(db: Db, values: Omit<MailOutboxRow, 'id' | 'createdAt' | 'error'>): Promise<MailOutboxRow> {
  const [row] = await db.insert(mailOutbox).values(values).returning();
  if (!row) throw new Error('mail_outbox insert returned no row');
  return row;
}

export async function setOutboxStatus(db: Db, id: string, status: MailStatus, error: string | null): Promise<void> {
  await db.update(mailOutbox).set({ status, error }).where(eq(mailOutbox.id, id));
}

export async function findOutboxPage(
  db: Db,
  input: { to?: string; limit: number; page: number },
): Promise<{ rows: MailOutboxRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (input.to) conditions.push(eq(sql`lower(${mailOutbox.to})`, input.to.toLowerCase()));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findOutboxMessage(db: Db, id: string): Promise<MailOutboxRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}
