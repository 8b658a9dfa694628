import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Subscriber, SubscriberList, SubscriberStatus } from '@lumen/core/content/newsletter';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { AppConfig } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { RateLimitStore } from '../api-keys/index.ts';
import type { Mailer } from '../mail/index.ts';
import { confirmationMail } from './newsletter-mails.ts';
import { newsletterToken, verifyNewsletterToken } from './newsletter-tokens.ts';
import type { NewsletterLinkPurpose } from './newsletter-tokens.ts';
import { newsletterSubscribers } from './tables.ts';
import type { SubscriberRow } from './tables.ts';

/** Per IP: sign-ups per hour; and a pending address gets at most one confirmation mail a minute. */
export const SUBSCRIBE_RATE_LIMIT = { max: 10, windowMs: 60 * 60_000 } as const;
export const CONFIRMATION_RESEND_MS = 60_000;
export const INVALID_LINK_MESSAGE = 'This link is not valid. Open the newest e-mail from us, or subscribe again.';

export function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

export function newsletterLink(config: AppConfig, purpose: NewsletterLinkPurpose, subscriberId: string): string {
  return `${config.publicUrl}/newsletter/${purpose}?token=${encodeURIComponent(newsletterToken(config.jwtSecret, purpose, subscriberId))}`;
}

function filters(query: { status?: SubscriberStatus; search?: string }): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(newsletterSubscribers.status, query.status));
  if (query.search) conditions.push(ilike(newsletterSubscribers.email, `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`));
  return conditions.length ? and(...conditions) : undefined;
}

const csvCell = (value: string) => {
  // Quote, and defuse spreadsheet formulas (=, +, -, @ at the start of a cell).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
};

export function createSubscribersService(deps: {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  clock: () => Date;
}) {
  const { db, config, mailer, rateLimits, clock } = deps;

  async function byToken(purpose: NewsletterLinkPurpose, token: string): Promise<SubscriberRow> {
    const id = verifyNewsletterToken(config.jwtSecret, purpose, token);
    const [row] = id ? await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)) : [];
    if (!row) throw new AppError('BAD_REQUEST', 400, INVALID_LINK_MESSAGE);
    return row;
  }

  return {
    /**
     * Double opt-in: a new or unsubscribed address becomes pending and gets a confirmation link.
     * The answer is the same whatever the address's state, so it reveals nothing about who subscribes.
     */
    async subscribe(email: string, ip: string): Promise<void> {
      const hit = await rateLimits.hit(`newsletter:${ip}`, SUBSCRIBE_RATE_LIMIT.windowMs);
      if (hit.count > SUBSCRIBE_RATE_LIMIT.max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((hit.resetAtMs - Date.now()) / 1000));
        throw new AppError('RATE_LIMITED', 429, 'Too many sign-ups from your network; please try again later.', { retryAfterSeconds });
      }
      const now = clock();
      const row = await db.transaction(async (tx) => {
        await tx.insert(newsletterSubscribers).values({ email, ip }).onConflictDoNothing();
        const [existing] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for('update');
        if (!existing || existing.status === 'confirmed') return null;
        if (existing.confirmationSentAt && now.getTime() - existing.confirmationSentAt.getTime() < CONFIRMATION_RESEND_MS) return null;
        const [updated] = await tx
          .update(newsletterSubscribers)
          .set({ status: 'pending', confirmationSentAt: now, ip })
          .where(eq(newsletterSubscribers.id, existing.id))
          .returning();
        return updated ?? null;
      });
      if (row) {
        await mailer.send(
          row.email,
          confirmationMail({
            confirmUrl: newsletterLink(config, 'confirm', row.id),
            unsubscribeUrl: newsletterLink(config, 'unsubscribe', row.id),
          }),
        );
      }
    },

    async confirm(token: string): Promise<Subscriber> {
      const row = await byToken('confirm', token);
      if (row.status === 'confirmed') return toSubscriber(row);
      // Opening the confirmation link is consent, even after an earlier unsubscribe.
      const [updated] = await db
        .update(newsletterSubscribers)
        .set({ status: 'confirmed', confirmedAt: clock(), unsubscribedAt: null })
        .where(eq(newsletterSubscribers.id, row.id))
        .returning();
      return toSubscriber(updated ?? row);
    },

    async unsubscribe(token: string): Promise<Subscriber> {
      const row = await byToken('unsubscribe', token);
      if (row.status === 'unsubscribed') return toSubscriber(row);
      const [updated] = await db
        .update(newsletterSubscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: clock() })
        .where(eq(newsletterSubscribers.id, row.id))
        .returning();
      return toSubscriber(updated ?? row);
    },

    async list(query: { status?: SubscriberStatus; search?: string; limit: number; page: number }): Promise<SubscriberList> {
      const where = filters(query);
      const [rows, [counted], byStatus] = await Promise.all([
        db
          .select()
          .from(newsletterSubscribers)
          .where(where)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(newsletterSubscribers).where(where),
        db
          .select({ status: newsletterSubscribers.status, total: count() })
          .from(newsletterSubscribers)
          .groupBy(newsletterSubscribers.status),
      ]);
      const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
      for (const entry of byStatus) counts[entry.status] = entry.total;
      const total = counted?.total ?? 0;
      return {
        items: rows.map(toSubscriber),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
        counts,
      };
    },

    /** Every matching subscriber as CSV (e-mail, status, dates in ISO 8601). */
    async exportCsv(query: { status?: SubscriberStatus; search?: string }): Promise<string> {
      const rows = await db.select().from(newsletterSubscribers).where(filters(query)).orderBy(newsletterSubscribers.createdAt);
      const lines = ['email,status,subscribed_at,confirmed_at,unsubscribed_at'];
      for (const row of rows) {
        lines.push(
          [
            row.email,
            row.status,
            row.createdAt.toISOString(),
            row.confirmedAt?.toISOString() ?? '',
            row.unsubscribedAt?.toISOString() ?? '',
          ]
            .map(csvCell)
            .join(','),
        );
      }
      return `${lines.join('\r\n')}\r\n`;
    },

    async findByEmail(email: string): Promise<SubscriberRow | null> {
      const [row] = await db
        .select()
        .from(newsletterSubscribers)
        .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));
      return row ?? null;
    },
  };
}
