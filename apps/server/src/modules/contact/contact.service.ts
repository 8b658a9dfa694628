import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ContactMessage, ContactMessageList, ContactStatus } from '@lumen/core/content/contact';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { AppConfig } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import type { RateLimitStore } from '../api-keys/index.ts';
import { adjustCredits } from '../credits/index.ts';
import type { Mailer } from '../mail/index.ts';
import { userDirectory } from '../users/index.ts';
import { contactMessageMail, contactReplyMail } from './contact-mails.ts';
import { supportAddress } from './support-address.ts';
import { contactMessages } from './tables.ts';
import type { ContactMessageRow } from './tables.ts';

/** Per IP: this many messages per window, then 429 with Retry-After. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 15 * 60_000 } as const;

const notFound = () => new AppError('NOT_FOUND', 404, 'Message not found');

const account = userDirectory('account');

type Row = ContactMessageRow & { accountId: string | null };

function toMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    userId: row.grantedUserId ?? row.accountId,
    creditsGranted: row.creditsGranted,
    grantReason: row.grantReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createContactService(deps: { db: Db; config: AppConfig; mailer: Mailer; rateLimits: RateLimitStore; clock: () => Date }) {
  const { db, config, mailer, rateLimits } = deps;

  /** The message with the account its sender has (the signed-in sender, else the account with that e-mail). */
  async function findRow(tx: Db, id: string, lock = false): Promise<Row | null> {
    const query = tx
      .select({ message: contactMessages, accountId: sql<string | null>`coalesce(${contactMessages.senderUserId}, ${account.id})` })
      .from(contactMessages)
      .leftJoin(account, eq(sql`lower(${account.email})`, contactMessages.email))
      .where(eq(contactMessages.id, id))
      .limit(1);
    const [row] = lock ? await query.for('update', { of: contactMessages }) : await query;
    return row ? { ...row.message, accountId: row.accountId } : null;
  }

  return {
    async submit(input: {
      name: string;
      email: string;
      subject: string;
      message: string;
      ip: string;
      userId: string | null;
    }): Promise<{ id: string }> {
      const hit = await rateLimits.hit(`contact:${input.ip}`, CONTACT_RATE_LIMIT.windowMs);
      if (hit.count > CONTACT_RATE_LIMIT.max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((hit.resetAtMs - Date.now()) / 1000));
        throw new AppError(
          'RATE_LIMITED',
          429,
          `You have sent several messages in a short time. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
          {
            retryAfterSeconds,
          },
        );
      }
      const [row] = await db
        .insert(contactMessages)
        .values({
          name: input.name,
          email: input.email,
          subject: input.subject,
          message: input.message,
          ip: input.ip,
          senderUserId: input.userId,
        })
        .returning({ id: contactMessages.id });
      if (!row) throw new Error('insert returned nothing');
      const to = await supportAddress(db, config);
      await mailer.send(
        to,
        contactMessageMail({ ...input, adminUrl: `${config.publicUrl}/admin/newsletter?tab=messages&message=${row.id}` }),
      );
      return { id: row.id };
    },

    async list(query: { status?: ContactStatus; search?: string; limit: number; page: number }): Promise<ContactMessageList> {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(contactMessages.status, query.status));
      if (query.search) {
        const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        conditions.push(
          or(ilike(contactMessages.email, pattern), ilike(contactMessages.name, pattern), ilike(contactMessages.subject, pattern)) as SQL,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select({ message: contactMessages, accountId: sql<string | null>`coalesce(${contactMessages.senderUserId}, ${account.id})` })
          .from(contactMessages)
          .leftJoin(account, eq(sql`lower(${account.email})`, contactMessages.email))
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(contactMessages).where(where),
      ]);
      const total = counted?.total ?? 0;
      return {
        items: rows.map((row) => toMessage({ ...row.message, accountId: row.accountId })),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },

    async get(id: string): Promise<ContactMessage> {
      const row = await findRow(db, id);
      if (!row) throw notFound();
      return toMessage(row);
    },

    /** Mails the answer to the sender and marks the message answered. */
    async reply(actor: AuditActor, id: string, reply: string): Promise<ContactMessage> {
      const updated = await db.transaction(async (tx) => {
        const row = await findRow(tx, id, true);
        if (!row) throw notFound();
        const [saved] = await tx
          .update(contactMessages)
          .set({ reply, status: 'answered', repliedAt: sql`now()`, repliedBy: actor.userId })
          .where(eq(contactMessages.id, id))
          .returning();
        await insertAuditEntry(tx, actor, {
          action: 'contact_message.reply',
          targetType: 'contact_message',
          targetId: id,
          before: { status: row.status, reply: row.reply },
          after: { status: 'answered', reply },
        });
        return { ...row, ...saved } as Row;
      });
      await mailer.send(updated.email, contactReplyMail({ name: updated.name, subject: updated.subject, message: updated.message, reply }));
      return toMessage(updated);
    },

    async setStatus(actor: AuditActor, id: string, status: ContactStatus): Promise<ContactMessage> {
      return db.transaction(async (tx) => {
        const row = await findRow(tx, id, true);
        if (!row) throw notFound();
        await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
        await insertAuditEntry(tx, actor, {
          action: 'contact_message.status',
          targetType: 'contact_message',
          targetId: id,
          before: { status: row.status },
          after: { status },
        });
        return toMessage({ ...row, status });
      });
    },

    /** The FREE CREDITS of the pricing page: once per message, to the sender's account, through the ledger, audited. */
    async grantCredits(actor: AuditActor, id: string, input: { amount: number; reason: string }): Promise<ContactMessage> {
      return db.transaction(async (tx) => {
        const row = await findRow(tx, id, true);
        if (!row) throw notFound();
        if (row.creditsGranted !== null) {
          throw new AppError('CONFLICT', 409, `${row.creditsGranted} credits were already granted for this message`);
        }
        if (!row.accountId) {
          throw new AppError('UNPROCESSABLE', 422, `No account uses ${row.email}; ask them to sign up with this e-mail first`);
        }
        const moved = await adjustCredits(tx, {
          userId: row.accountId,
          actorUserId: actor.userId,
          amount: input.amount,
          reason: `Contact message "${row.subject.slice(0, 80)}": ${input.reason}`,
          idempotencyKey: `contact:${id}:credits`,
        });
        await tx
          .update(contactMessages)
          .set({ creditsGranted: input.amount, grantReason: input.reason, grantedUserId: row.accountId })
          .where(eq(contactMessages.id, id));
        await insertAuditEntry(tx, actor, {
          action: 'contact_message.grant_credits',
          targetType: 'user',
          targetId: row.accountId,
          before: null,
          after: { messageId: id, amount: input.amount, reason: input.reason, balanceAfter: moved.balanceAfter },
        });
        return toMessage({ ...row, creditsGranted: input.amount, grantReason: input.reason, grantedUserId: row.accountId });
      });
    },
  };
}
