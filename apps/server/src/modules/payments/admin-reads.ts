import { desc, eq } from 'drizzle-orm';
import type { AdminUserOrder } from '@lumen/core/admin/user-activity';
import type { Db } from '../../db/database.ts';
import { orders } from './orders/tables.ts';

/** A user's latest orders, newest first, as the admin's user page shows them (the admin payments page has the rest). */
export async function latestOrdersOfUserForAdmin(db: Db, userId: string, limit: number): Promise<AdminUserOrder[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    description: row.description,
    kind: row.kind,
    provider: row.provider,
    status: row.status,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    currency: row.currency,
    credits: row.credits,
    invoiceNumber: row.invoiceNumber,
    testMode: row.testMode,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  }));
}
