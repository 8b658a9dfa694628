import { eq, or, sql } from 'drizzle-orm';
import { readColumns } from '../../db/read-columns.ts';
import type { Db } from '../../db/database.ts';
import { contactMessages, supportConversations, supportMessages } from './tables.ts';

/** Messages sent by the account or from its address (any case). */
const messagesOf = (userId: string, email: string) =>
  or(eq(contactMessages.senderUserId, userId), eq(sql`lower(${contactMessages.email})`, email.toLowerCase()));

/** A person's contact messages and support chat, for their data archive. */
export async function contactPersonalData(db: Db, userId: string, email: string) {
  const messageColumns = [
    'id',
    'name',
    'email',
    'subject',
    'message',
    'status',
    'ip',
    'reply',
    'repliedAt',
    'creditsGranted',
    'createdAt',
  ] as const;
  const messages = await readColumns(db, contactMessages, messageColumns, messagesOf(userId, email), contactMessages.createdAt);
  const supportColumns = ['id', 'author', 'body', 'createdAt'] as const;
  const supportChat = await readColumns(db, supportMessages, supportColumns, eq(supportMessages.userId, userId), supportMessages.createdAt);
  return { messages, supportChat };
}

/** Deletes the person's contact messages and support conversation (its messages cascade), inside the erasure's transaction. */
export async function eraseContactPersonalData(db: Db, userId: string, email: string): Promise<void> {
  await db.delete(contactMessages).where(messagesOf(userId, email));
  await db.delete(supportConversations).where(eq(supportConversations.userId, userId));
}
