import type { Db } from '../../db/database.ts';
import { mailOutbox } from './tables.ts';

/**
 * How each mail handed to the outbox fared, as a read model to join in one statement (decision 100): a subquery of
 * the outbox's id, status and SMTP error, aliased `mail_delivery`. Newsletter's campaign pages count, filter and page
 * their recipients in SQL by the status the outbox shows, so they join this rather than ask per recipient.
 */
export function mailDeliveries(db: Db) {
  return db.select({ id: mailOutbox.id, status: mailOutbox.status, error: mailOutbox.error }).from(mailOutbox).as('mail_delivery');
}
