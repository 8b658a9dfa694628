import { QueryBuilder } from 'drizzle-orm/pg-core';
import { mailOutbox } from './tables.ts';

// Builds SQL only; the statement that joins the subquery runs it, in whatever transaction that statement is in.
const query = new QueryBuilder();

/**
 * How each mail handed to the outbox fared, as a read model to join in one statement (decision 100): a subquery of
 * the outbox's id, status and SMTP error, which the caller joins on `id`. Newsletter's campaign pages count, filter
 * and page their recipients in SQL by the status the outbox shows, so they join this rather than ask per recipient.
 */
export function mailDeliveries<TName extends string = 'mail_delivery'>(name: TName = 'mail_delivery' as TName) {
  return query.select({ id: mailOutbox.id, status: mailOutbox.status, error: mailOutbox.error }).from(mailOutbox).as(name);
}
