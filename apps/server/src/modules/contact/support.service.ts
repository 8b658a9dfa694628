import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import {
  SUPPORT_MESSAGE_LIMIT,
  cleanSupportText,
  supportLimits,
  type AdminSupportConversation,
  type AdminSupportUnread,
  type SupportConversation,
  type SupportConversationList,
  type SupportMessage,
} from '@lumen/core/content/support';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { AppConfig } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { hitLimit, waitInWords } from '../limits/index.ts';
import type { Mailer } from '../mail/index.ts';
import { findUserContact, userDirectory } from '../users/index.ts';
import { supportMessageMail, supportReplyMail } from './contact-mails.ts';
import { supportAddress } from './support-address.ts';
import { supportConversations, supportMessages } from './tables.ts';

const notFound = () => new AppError('NOT_FOUND', 404, 'Conversation not found');

const account = userDirectory('account');

const toMessage = (row: typeof supportMessages.$inferSelect): SupportMessage => ({
  id: row.id,
  author: row.author,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

const nameOf = (user: { firstName: string | null; lastName: string | null; email: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;

/** Messages of `author` newer than `mark` (the newest message that side has read). */
const unreadOf = (author: 'user' | 'support', side: 'user' | 'admin') =>
  sql<number>`count(*) filter (where ${supportMessages.author} = ${author} and ${supportMessages.createdAt} > coalesce(${side === 'user' ? supportConversations.userReadAt : supportConversations.adminReadAt}, '-infinity'::timestamptz))`.mapWith(
    Number,
  );

/** The support chat (decision 068): one conversation per account, answered by admins, unread counts on both sides. */
export function createSupportService(deps: { db: Db; config: AppConfig; mailer: Mailer; clock: () => Date }) {
  const { db, config, mailer, clock } = deps;

  async function messagesOf(userId: string): Promise<SupportMessage[]> {
    const rows = await db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.userId, userId))
      .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
    return rows.map(toMessage);
  }

  async function unreadCounts(userId: string): Promise<{ forUser: number; forAdmin: number }> {
    const [row] = await db
      .select({
        forUser: unreadOf('support', 'user'),
        forAdmin: unreadOf('user', 'admin'),
      })
      .from(supportConversations)
      .innerJoin(supportMessages, eq(supportMessages.userId, supportConversations.userId))
      .where(eq(supportConversations.userId, userId))
      .groupBy(supportConversations.userId);
    return { forUser: row?.forUser ?? 0, forAdmin: row?.forAdmin ?? 0 };
  }

  async function accountOf(userId: string) {
    return findUserContact(db, userId);
  }

  /** Stores one message in the account's conversation (created on the first one) and moves its last-message time. */
  async function insertMessage(input: { userId: string; author: 'user' | 'support'; adminUserId: string | null; body: string }) {
    return db.transaction(async (tx) => {
      // Locks the conversation row, so the "had nothing unread" answer of two parallel messages cannot both be yes.
      await tx
        .insert(supportConversations)
        .values({ userId: input.userId })
        .onConflictDoUpdate({ target: supportConversations.userId, set: { lastMessageAt: sql`now()` } });
      const [before] = await tx
        .select({ unread: count() })
        .from(supportMessages)
        .innerJoin(supportConversations, eq(supportConversations.userId, supportMessages.userId))
        .where(
          and(
            eq(supportMessages.userId, input.userId),
            eq(supportMessages.author, 'user'),
            gt(supportMessages.createdAt, sql`coalesce(${supportConversations.adminReadAt}, '-infinity'::timestamptz)`),
          ),
        );
      const [row] = await tx
        .insert(supportMessages)
        .values({ userId: input.userId, author: input.author, adminUserId: input.adminUserId, body: input.body })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return { message: toMessage(row), hadUnreadFromUser: (before?.unread ?? 0) > 0 };
    });
  }

  /** Sets a side's read mark to the newest message of the other side (exact, whatever the clocks). */
  async function markRead(userId: string, side: 'user' | 'admin'): Promise<void> {
    const newest = sql`(select max(${supportMessages.createdAt}) from ${supportMessages} where ${supportMessages.userId} = ${userId} and ${supportMessages.author} = ${side === 'user' ? 'support' : 'user'})`;
    await db
      .update(supportConversations)
      .set(side === 'user' ? { userReadAt: newest } : { adminReadAt: newest })
      .where(eq(supportConversations.userId, userId));
  }

  return {
    async conversation(userId: string): Promise<SupportConversation> {
      const [messages, unread] = await Promise.all([messagesOf(userId), unreadCounts(userId)]);
      return { messages, unread: unread.forUser };
    },

    async unread(userId: string): Promise<number> {
      return (await unreadCounts(userId)).forUser;
    },

    /** The user writes (plain text, cleaned by cleanSupportText): limited per account (atomic counter), stored, and mailed to support when it starts a new unread batch. */
    async write(userId: string, text: string): Promise<SupportMessage> {
      const body = cleanSupportText(text);
      const hit = await hitLimit(db, `support:user:${userId}`, SUPPORT_MESSAGE_LIMIT, clock());
      if (!hit.allowed) {
        throw new AppError(
          'RATE_LIMITED',
          429,
          `You have sent ${SUPPORT_MESSAGE_LIMIT.max} messages in a short time. Please wait ${waitInWords(hit.retryAfterSeconds)} before writing again.`,
          { retryAfterSeconds: hit.retryAfterSeconds },
        );
      }
      const user = await accountOf(userId);
      if (!user) throw notFound();
      const { message, hadUnreadFromUser } = await insertMessage({ userId, author: 'user', adminUserId: null, body });
      if (!hadUnreadFromUser) {
        await mailer.send(
          await supportAddress(db, config),
          supportMessageMail({
            name: nameOf(user),
            email: user.email,
            body,
            adminUrl: `${config.publicUrl}/admin/support?conversation=${userId}`,
          }),
        );
      }
      return message;
    },

    async markReadByUser(userId: string): Promise<void> {
      await markRead(userId, 'user');
    },

    async list(query: { page: number; limit: number; unread?: 'true' | 'false' }): Promise<SupportConversationList> {
      const unread = unreadOf('user', 'admin');
      const onlyUnread = query.unread === 'true';
      const having = onlyUnread ? sql`${unread} > 0` : undefined;
      const base = db
        .select({
          userId: supportConversations.userId,
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          lastMessageAt: supportConversations.lastMessageAt,
          messageCount: sql<number>`count(*)`.mapWith(Number),
          unread,
        })
        .from(supportConversations)
        .innerJoin(account, eq(account.id, supportConversations.userId))
        .innerJoin(supportMessages, eq(supportMessages.userId, supportConversations.userId))
        // The account's columns by name: PostgreSQL sees a subquery's id as no primary key (one account per conversation).
        .groupBy(supportConversations.userId, account.id, account.email, account.firstName, account.lastName)
        .having(having);
      const rows = await base
        .orderBy(sql`${unread} > 0 desc`, desc(supportConversations.lastMessageAt), desc(supportConversations.userId))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(base.as('conversations'));
      const lastOf = new Map<string, typeof supportMessages.$inferSelect>();
      if (rows.length > 0) {
        const last = await db
          .selectDistinctOn([supportMessages.userId])
          .from(supportMessages)
          .where(sql`${supportMessages.userId} in ${rows.map((row) => row.userId)}`)
          .orderBy(supportMessages.userId, desc(supportMessages.createdAt), desc(supportMessages.id));
        for (const row of last) lastOf.set(row.userId, row);
      }
      const total = counted?.total ?? 0;
      return {
        items: rows.map((row) => {
          const last = lastOf.get(row.userId);
          const text = last?.body.replace(/\s+/g, ' ') ?? '';
          return {
            user: { id: row.userId, email: row.email, name: nameOf(row) },
            lastMessage: {
              author: last?.author ?? 'user',
              preview: text.length > supportLimits.previewMax ? `${text.slice(0, supportLimits.previewMax - 1)}…` : text,
              createdAt: (last?.createdAt ?? row.lastMessageAt).toISOString(),
            },
            messageCount: row.messageCount,
            unread: row.unread,
          };
        }),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },

    /** One account's conversation for an admin (empty when the user never wrote); 404 for an unknown account. */
    async adminConversation(userId: string): Promise<AdminSupportConversation> {
      const user = await accountOf(userId);
      if (!user) throw notFound();
      const [messages, unread] = await Promise.all([messagesOf(userId), unreadCounts(userId)]);
      return { user: { id: user.id, email: user.email, name: nameOf(user) }, messages, unread: unread.forAdmin };
    },

    async adminUnread(): Promise<AdminSupportUnread> {
      const perConversation = db
        .select({ unread: unreadOf('user', 'admin').as('unread') })
        .from(supportConversations)
        .innerJoin(supportMessages, eq(supportMessages.userId, supportConversations.userId))
        .groupBy(supportConversations.userId)
        .as('per_conversation');
      const [row] = await db
        .select({
          unread: sql<number>`coalesce(sum(${perConversation.unread}), 0)`.mapWith(Number),
          conversations: sql<number>`count(*) filter (where ${perConversation.unread} > 0)`.mapWith(Number),
        })
        .from(perConversation);
      return { unread: row?.unread ?? 0, conversations: row?.conversations ?? 0 };
    },

    /** An admin answers: stored (the admin's messages count as read by admins), audited, and mailed to the user. */
    async answer(actor: AuditActor, userId: string, text: string): Promise<SupportMessage> {
      const body = cleanSupportText(text);
      const user = await accountOf(userId);
      if (!user || user.suspendedAt) {
        throw user ? new AppError('UNPROCESSABLE', 422, 'This account is suspended or deleted; it cannot read an answer') : notFound();
      }
      const { message } = await insertMessage({ userId, author: 'support', adminUserId: actor.userId, body });
      await markRead(userId, 'admin');
      await insertAuditEntry(db, actor, {
        action: 'support_message.answer',
        targetType: 'user',
        targetId: userId,
        before: null,
        after: { messageId: message.id, length: body.length },
      });
      await mailer.send(
        user.email,
        supportReplyMail({ name: user.firstName || nameOf(user), body, conversationUrl: `${config.publicUrl}/dashboard/support` }),
      );
      return message;
    },

    async markReadByAdmin(userId: string): Promise<void> {
      const user = await accountOf(userId);
      if (!user) throw notFound();
      await markRead(userId, 'admin');
    },
  };
}
