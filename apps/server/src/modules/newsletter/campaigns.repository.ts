import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Campaign, CampaignRecipientList, RecipientStatus } from '@lumen/core/content/newsletter';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { Db } from '../../db/database.ts';
import { renderSafeHtml } from '../../lib/safe-markdown.ts';
import { AppError } from '../../plugins/app-error.ts';
import { mailDeliveries } from '../mail/index.ts';
import { campaignRecipients, newsletterCampaigns, newsletterSubscribers } from './tables.ts';
import type { CampaignRow } from './tables.ts';

export const campaignNotFound = () => new AppError('NOT_FOUND', 404, 'Campaign not found');

const noProgress = (): Campaign['progress'] => ({ total: 0, pending: 0, sent: 0, failed: 0 });

/** How each recipient's mail fared (mail's read model, joined on the recipient's outbox row). */
const delivery = mailDeliveries();

/** A recipient's status as shown: an SMTP delivery that failed after the hand-off counts as failed (the outbox row says so). */
const shownStatus = () => sql<RecipientStatus>`case when ${delivery.status} = 'failed' then 'failed' else ${campaignRecipients.status} end`;

/** How far each campaign got: its recipients counted by shown status. */
async function progressOf(db: Db, campaignIds: string[]): Promise<Map<string, Campaign['progress']>> {
  if (campaignIds.length === 0) return new Map();
  const status = shownStatus();
  const rows = await db
    .select({ campaignId: campaignRecipients.campaignId, status, total: count() })
    .from(campaignRecipients)
    .leftJoin(delivery, eq(delivery.id, campaignRecipients.outboxId))
    .where(inArray(campaignRecipients.campaignId, campaignIds))
    .groupBy(campaignRecipients.campaignId, status);
  const map = new Map(campaignIds.map((id) => [id, noProgress()]));
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

function toCampaign(row: CampaignRow, progress: Campaign['progress']): Campaign {
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

/** A campaign as the admin sees it, with its progress. */
export async function campaignOf(db: Db, row: CampaignRow): Promise<Campaign> {
  return toCampaign(row, (await progressOf(db, [row.id])).get(row.id) ?? noProgress());
}

/** The latest 100 campaigns, newest first. */
export async function listCampaigns(db: Db): Promise<Campaign[]> {
  const rows = await db.select().from(newsletterCampaigns).orderBy(desc(newsletterCampaigns.createdAt)).limit(100);
  const progress = await progressOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCampaign(row, progress.get(row.id) ?? noProgress()));
}

export async function findCampaign(db: Db, id: string): Promise<CampaignRow> {
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
  if (!row) throw campaignNotFound();
  return row;
}

/** The campaign, locked for the rest of the transaction. */
export async function lockCampaign(tx: Db, id: string): Promise<CampaignRow> {
  const [row] = await tx.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id)).for('update');
  if (!row) throw campaignNotFound();
  return row;
}

export async function campaignsBeingSent(db: Db): Promise<CampaignRow[]> {
  return db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.status, 'sending'));
}

export async function insertCampaign(tx: Db, input: { subject: string; body: string; createdBy: string }): Promise<CampaignRow> {
  const [created] = await tx
    .insert(newsletterCampaigns)
    .values({ subject: input.subject, body: input.body, bodyHtml: renderSafeHtml(input.body), createdBy: input.createdBy })
    .returning();
  if (!created) throw new Error('insert returned nothing');
  return created;
}

export async function updateCampaignText(tx: Db, id: string, input: { subject: string; body: string }): Promise<CampaignRow | undefined> {
  const [updated] = await tx
    .update(newsletterCampaigns)
    .set({ subject: input.subject, body: input.body, bodyHtml: renderSafeHtml(input.body), updatedAt: sql`now()` })
    .where(eq(newsletterCampaigns.id, id))
    .returning();
  return updated;
}

/** Fixes a draft's recipient list (every confirmed subscriber, once) and marks it sending; refused without subscribers. */
export async function startSendingDraft(tx: Db, id: string): Promise<CampaignRow | undefined> {
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
  return started;
}

export { findUserEmail } from '../users/index.ts';

/** One page of a campaign's recipients by e-mail, optionally of one shown status, with the error the admin should see. */
export async function recipientPage(
  db: Db,
  id: string,
  query: { status?: RecipientStatus; limit: number; page: number },
): Promise<CampaignRecipientList> {
  const status = shownStatus();
  const where = and(eq(campaignRecipients.campaignId, id), query.status ? sql`${status} = ${query.status}` : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        email: campaignRecipients.email,
        status,
        error: sql<string | null>`coalesce(${delivery.error}, ${campaignRecipients.error})`,
        sentAt: campaignRecipients.sentAt,
      })
      .from(campaignRecipients)
      .leftJoin(delivery, eq(delivery.id, campaignRecipients.outboxId))
      .where(where)
      .orderBy(campaignRecipients.email)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(campaignRecipients).leftJoin(delivery, eq(delivery.id, campaignRecipients.outboxId)).where(where),
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
}
