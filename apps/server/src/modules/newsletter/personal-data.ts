import { eq, sql } from 'drizzle-orm';
import { readColumns } from '../../db/read-columns.ts';
import type { Db } from '../../db/database.ts';
import { newsletterSubscribers } from './tables.ts';

const sameEmail = (email: string) => eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase());

/** The newsletter subscription of this address (any case), for its owner's data archive; null when there is none. */
export async function newsletterPersonalData(db: Db, email: string) {
  const subscriberColumns = ['email', 'status', 'ip', 'createdAt', 'confirmedAt', 'unsubscribedAt'] as const;
  const [subscriber] = await readColumns(db, newsletterSubscribers, subscriberColumns, sameEmail(email));
  return subscriber ?? null;
}

/** Deletes the subscription of this address (any case), inside the erasure's transaction. */
export async function eraseNewsletterPersonalData(db: Db, email: string): Promise<void> {
  await db.delete(newsletterSubscribers).where(sameEmail(email));
}
