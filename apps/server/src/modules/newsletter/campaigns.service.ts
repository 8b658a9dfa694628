import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Campaign, CampaignRecipientList, RecipientStatus } from '@lumen/core/content/newsletter';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { AppConfig } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import { renderSafeHtml } from '../../lib/safe-markdown.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import type { Mailer } from '../mail/index.ts';
import { mailOutbox } from '../mail/index.ts';
import { users } from '../users/index.ts';
import { campaignMail } from './newsletter-mails.ts';
import { newsletterLink } from './subscribers.service.ts';
import { campaignRecipients, newsletterCampaigns, newsletterSubscribers } from './tables.ts';
import type { CampaignRow } from './tables.ts';

const BATCH_SIZE = 25;
export const INTERRUPTED_MESSAGE = 'Sending was interrupted; not sent again so that nobody gets it twice';

const notFound = () => new AppError('NOT_FOUND', 404, 'Campaign not found');

/** Campaigns running in this process (a resume leaves their in-flight rows alone). */
const running = new Set<string>();

export function createCampaignsService(deps: {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  tasks: BackgroundTasks;
  log: { warn(object: object, message: string): void };
}) {
  const { db, config, mailer, tasks, log } = deps;

  async function progressOf(campaignIds: string[]) {
    if (campaignIds.length === 0) return new Map<string, Campaign['progress']>();
    // An SMTP delivery that failed after the hand-off counts as failed (the outbox row says so).
    const effective = sql<RecipientStatus>`case when ${mailOutbox.status} = 'failed' then 'failed' else ${campaignRecipients.status} end`;
    const rows = await db
      .select({ campaignId: campaignRecipients.campaignId, status: effective, total: count() })
      .from(campaignRecipients)
      .leftJoin(mailOutbox, eq(mailOutbox.id, campaignRecipients.outboxId))
      .where(inArray(campaignRecipients.campaignId, campaignIds))
      .groupBy(campaignRecipients.campaignId, effective);
    const map = new Map<string, Campaign['progress']>();
    for (const id of campaignIds) map.set(id, { total: 0, pending: 0, sent: 0, failed: 0 });
    for (const row of rows) {
      const progress = map.get(row.campaignId);
      if (!progress) continue;
      progress.total += row.total;
      if (row.status === 'sent') progress.sent += row.total;
      else if (row.status === 'failed') progress.failed += row.total;
      else progress.pending += row.total;
    }
    return map;
  }

  async function toCampaign(row: CampaignRow): Promise<Campaign> {
    const progress = (await progressOf([row.id])).get(row.id) ?? { total: 0, pending: 0, sent: 0, failed: 0 };
    return {
      id: row.id,
      subject: row.subject,
      body: row.body,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      progress,
    };
  }

  async function findCampaign(id: string): Promise<CampaignRow> {
    const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** Claims pending recipients a batch at a time (SKIP LOCKED), so each one is mailed once even with two senders. */
  async function sendPending(campaign: CampaignRow): Promise<void> {
    for (;;) {
      const claimed = await db.execute(sql`
        update ${campaignRecipients} set status = 'sending'
        where (campaign_id, subscriber_id) in (
          select campaign_id, subscriber_id from ${campaignRecipients}
          where campaign_id = ${campaign.id} and status = 'pending'
          limit ${BATCH_SIZE} for update skip locked)
        returning subscriber_id, email`);
      const batch = (Array.isArray(claimed) ? claimed : ((claimed as { rows?: unknown[] }).rows ?? [])) as {
        subscriber_id: string;
        email: string;
      }[];
      if (batch.length === 0) break;
      const stillSubscribed = new Set(
        (
          await db
            .select({ id: newsletterSubscribers.id })
            .from(newsletterSubscribers)
            .where(
              and(
                inArray(
                  newsletterSubscribers.id,
                  batch.map((row) => row.subscriber_id),
                ),
                eq(newsletterSubscribers.status, 'confirmed'),
              ),
            )
        ).map((row) => row.id),
      );
      for (const recipient of batch) {
        const where = and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.subscriberId, recipient.subscriber_id));
        if (!stillSubscribed.has(recipient.subscriber_id)) {
          await db.update(campaignRecipients).set({ status: 'failed', error: 'Unsubscribed before sending' }).where(where);
          continue;
        }
        try {
          const outboxId = await mailer.send(
            recipient.email,
            campaignMail({
              subject: campaign.subject,
              markdown: campaign.body,
              html: campaign.bodyHtml,
              unsubscribeUrl: newsletterLink(config, 'unsubscribe', recipient.subscriber_id),
            }),
          );
          await db
            .update(campaignRecipients)
            .set({ status: 'sent', outboxId, sentAt: sql`now()` })
            .where(where);
        } catch (error) {
          log.warn({ err: error, campaignId: campaign.id }, 'newsletter delivery failed');
          await db
            .update(campaignRecipients)
            .set({ status: 'failed', error: error instanceof Error ? error.message.slice(0, 300) : 'failed' })
            .where(where);
        }
      }
    }
    const [left] = await db
      .select({ total: count() })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaign.id), inArray(campaignRecipients.status, ['pending', 'sending'])));
    if (!left?.total) {
      await db
        .update(newsletterCampaigns)
        .set({ status: 'sent', finishedAt: sql`now()` })
        .where(eq(newsletterCampaigns.id, campaign.id));
    }
  }

  function runInBackground(campaign: CampaignRow): void {
    if (running.has(campaign.id)) return;
    running.add(campaign.id);
    tasks.run(async () => {
      try {
        await sendPending(campaign);
      } finally {
        running.delete(campaign.id);
      }
    });
  }

  /** Rows left 'sending' by a process that stopped mid-send are failed, not resent (at most once). */
  async function failInterrupted(campaignId: string): Promise<void> {
    if (running.has(campaignId)) return;
    await db
      .update(campaignRecipients)
      .set({ status: 'failed', error: INTERRUPTED_MESSAGE })
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'sending')));
  }

  return {
    async list(): Promise<Campaign[]> {
      const rows = await db.select().from(newsletterCampaigns).orderBy(desc(newsletterCampaigns.createdAt)).limit(100);
      const progress = await progressOf(rows.map((row) => row.id));
      return Promise.all(
        rows.map(async (row) => ({
          ...(await toCampaign(row)),
          progress: progress.get(row.id) ?? { total: 0, pending: 0, sent: 0, failed: 0 },
        })),
      );
    },

    async get(id: string): Promise<Campaign> {
      return toCampaign(await findCampaign(id));
    },

    async create(actor: AuditActor, input: { subject: string; body: string }): Promise<Campaign> {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(newsletterCampaigns)
          .values({ subject: input.subject, body: input.body, bodyHtml: renderSafeHtml(input.body), createdBy: actor.userId })
          .returning();
        if (!created) throw new Error('insert returned nothing');
        await insertAuditEntry(tx, actor, {
          action: 'newsletter_campaign.create',
          targetType: 'newsletter_campaign',
          targetId: created.id,
          before: null,
          after: { subject: input.subject },
        });
        return created;
      });
      return toCampaign(row);
    },

    async update(actor: AuditActor, id: string, input: { subject: string; body: string }): Promise<Campaign> {
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id)).for('update');
        if (!existing) throw notFound();
        if (existing.status !== 'draft') throw new AppError('CONFLICT', 409, 'This campaign has been sent and can no longer be edited');
        const [updated] = await tx
          .update(newsletterCampaigns)
          .set({ subject: input.subject, body: input.body, bodyHtml: renderSafeHtml(input.body), updatedAt: sql`now()` })
          .where(eq(newsletterCampaigns.id, id))
          .returning();
        await insertAuditEntry(tx, actor, {
          action: 'newsletter_campaign.update',
          targetType: 'newsletter_campaign',
          targetId: id,
          before: { subject: existing.subject },
          after: { subject: input.subject },
        });
        return updated ?? existing;
      });
      return toCampaign(row);
    },

    /** The campaign to the admin's own address, marked [Test]. */
    async sendTest(actor: AuditActor, id: string): Promise<{ to: string }> {
      const campaign = await findCampaign(id);
      const [admin] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
      if (!admin) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to continue');
      await mailer.send(
        admin.email,
        campaignMail({
          subject: campaign.subject,
          markdown: campaign.body,
          html: campaign.bodyHtml,
          unsubscribeUrl: `${config.publicUrl}/newsletter/unsubscribe`,
          isTest: true,
        }),
      );
      await insertAuditEntry(db, actor, {
        action: 'newsletter_campaign.test',
        targetType: 'newsletter_campaign',
        targetId: id,
        before: null,
        after: { to: admin.email },
      });
      return { to: admin.email };
    },

    /**
     * Sends to every confirmed subscriber in the background: the first call fixes the recipient list;
     * calling again resumes a campaign that was interrupted (each recipient is still mailed once).
     */
    async send(actor: AuditActor, id: string): Promise<Campaign> {
      const campaign = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id)).for('update');
        if (!row) throw notFound();
        if (row.status === 'sent') throw new AppError('CONFLICT', 409, 'This campaign has already been sent');
        if (row.status === 'draft') {
          const confirmed = await tx
            .select({ id: newsletterSubscribers.id })
            .from(newsletterSubscribers)
            .where(eq(newsletterSubscribers.status, 'confirmed'))
            .limit(1);
          if (confirmed.length === 0) throw new AppError('UNPROCESSABLE', 422, 'There are no confirmed subscribers yet');
          await tx.execute(sql`
            insert into ${campaignRecipients} (campaign_id, subscriber_id, email)
            select ${id}, id, email from ${newsletterSubscribers} where status = 'confirmed'
            on conflict do nothing`);
          const [started] = await tx
            .update(newsletterCampaigns)
            .set({ status: 'sending', startedAt: sql`now()` })
            .where(eq(newsletterCampaigns.id, id))
            .returning();
          await insertAuditEntry(tx, actor, {
            action: 'newsletter_campaign.send',
            targetType: 'newsletter_campaign',
            targetId: id,
            before: { status: 'draft' },
            after: { status: 'sending' },
          });
          return started ?? row;
        }
        await insertAuditEntry(tx, actor, {
          action: 'newsletter_campaign.resume',
          targetType: 'newsletter_campaign',
          targetId: id,
          before: null,
          after: null,
        });
        return row;
      });
      await failInterrupted(id);
      runInBackground(campaign);
      return toCampaign(campaign);
    },

    /** At start-up: finish campaigns a stopped process left half sent. */
    async resumeUnfinished(): Promise<number> {
      const rows = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.status, 'sending'));
      for (const row of rows) {
        await failInterrupted(row.id);
        runInBackground(row);
      }
      return rows.length;
    },

    async recipients(id: string, query: { status?: RecipientStatus; limit: number; page: number }): Promise<CampaignRecipientList> {
      await findCampaign(id);
      const effective = sql<RecipientStatus>`case when ${mailOutbox.status} = 'failed' then 'failed' else ${campaignRecipients.status} end`;
      const where = and(eq(campaignRecipients.campaignId, id), query.status ? sql`${effective} = ${query.status}` : undefined);
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            email: campaignRecipients.email,
            status: effective,
            error: sql<string | null>`coalesce(${mailOutbox.error}, ${campaignRecipients.error})`,
            sentAt: campaignRecipients.sentAt,
          })
          .from(campaignRecipients)
          .leftJoin(mailOutbox, eq(mailOutbox.id, campaignRecipients.outboxId))
          .where(where)
          .orderBy(campaignRecipients.email)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({ total: count() })
          .from(campaignRecipients)
          .leftJoin(mailOutbox, eq(mailOutbox.id, campaignRecipients.outboxId))
          .where(where),
      ]);
      const total = counted?.total ?? 0;
      return {
        items: rows.map((row) => ({
          email: row.email,
          status: row.status,
          error: row.error,
          sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
        })),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },
  };
}
