import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { mailOutbox } from './tables.ts';

/** Deletes the mail kept for these addresses, matched exactly as stored (which keeps to the (to, created_at) index). */
export async function eraseMailTo(db: Db, addresses: string[]): Promise<void> {
  await db.delete(mailOutbox).where(inArray(mailOutbox.to, [...new Set(addresses)]));
}
