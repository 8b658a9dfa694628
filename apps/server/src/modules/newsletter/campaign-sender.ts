import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import type { Mailer } from '../mail/index.ts';
import { campaignMail } from './newsletter-mails.ts';
import { newsletterLink } from './subscribers.service.ts';
import { campaignRecipients, newsletterCampaigns, newsletterSubscribers } from './tables.ts';
import type { CampaignRow } from './tables.ts';

const BATCH_SIZE = 25;
export const INTERRUPTED_MESSAGE = 'Sending was interrupted; not sent again so that nobody gets it twice';

export type CampaignSenderDeps = {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  tasks: BackgroundTasks;
  log: { warn(object: object, message: string): void };
};

type Recipient = { subscriber_id: string; email: string };

/** Campaigns running in this process (a resume leaves their in-flight rows alone). */
const running = new Set<string>();

/** Claims up to a batch of pending recipients (SKIP LOCKED), so each one is mailed once even with two senders. */
async function claimBatch(db: Db, campaignId: string): Promise<Recipient[]> {
  const claimed = await db.execute(sql`
    update ${campaignRecipients} set status = 'sending'
    where (campaign_id, subscriber_id) in (
      select campaign_id, subscriber_id from ${campaignRecipients}
      where campaign_id = ${campaignId} and status = 'pending'
      limit ${BATCH_SIZE} for update skip locked)
    returning subscriber_id, email`);
  return (Array.isArray(claimed) ? claimed : ((claimed as { rows?: unknown[] }).rows ?? [])) as Recipient[];
}

/** Which of the batch are still confirmed subscribers (one may have left since the list was fixed). */
async function stillSubscribed(db: Db, batch: Recipient[]): Promise<Set<string>> {
  const ids = batch.map((row) => row.subscriber_id);
  const rows = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(inArray(newsletterSubscribers.id, ids), eq(newsletterSubscribers.status, 'confirmed')));
  return new Set(rows.map((row) => row.id));
}

/** Mails one recipient and records the outcome on its row: sent (with the outbox row) or failed with the reason. */
async function deliver(deps: CampaignSenderDeps, campaign: CampaignRow, recipient: Recipient, subscribed: boolean): Promise<void> {
  const { db } = deps;
  const where = and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.subscriberId, recipient.subscriber_id));
  if (!subscribed) {
    await db.update(campaignRecipients).set({ status: 'failed', error: 'Unsubscribed before sending' }).where(where);
    return;
  }
  try {
    const outboxId = await deps.mailer.send(
      recipient.email,
      campaignMail({
        subject: campaign.subject,
        markdown: campaign.body,
        html: campaign.bodyHtml,
        unsubscribeUrl: newsletterLink(deps.config, 'unsubscribe', recipient.subscriber_id),
      }),
    );
    await db
      .update(campaignRecipients)
      .set({ status: 'sent', outboxId, sentAt: sql`now()` })
      .where(where);
  } catch (error) {
    deps.log.warn({ err: error, campaignId: campaign.id }, 'newsletter delivery failed');
    await db
      .update(campaignRecipients)
      .set({ status: 'failed', error: error instanceof Error ? error.message.slice(0, 300) : 'failed' })
      .where(where);
  }
}

/** The campaign is sent once no recipient is left pending or in flight. */
async function finishIfDone(db: Db, campaignId: string): Promise<void> {
  const [left] = await db
    .select({ total: count() })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), inArray(campaignRecipients.status, ['pending', 'sending'])));
  if (left?.total) return;
  await db
    .update(newsletterCampaigns)
    .set({ status: 'sent', finishedAt: sql`now()` })
    .where(eq(newsletterCampaigns.id, campaignId));
}

/** Mails every pending recipient a batch at a time, then marks the campaign sent. */
async function sendPending(deps: CampaignSenderDeps, campaign: CampaignRow): Promise<void> {
  for (;;) {
    const batch = await claimBatch(deps.db, campaign.id);
    if (batch.length === 0) break;
    const subscribed = await stillSubscribed(deps.db, batch);
    for (const recipient of batch) await deliver(deps, campaign, recipient, subscribed.has(recipient.subscriber_id));
  }
  await finishIfDone(deps.db, campaign.id);
}

/** Sends a campaign's pending recipients in the background, unless this process is already sending it. */
export function runInBackground(deps: CampaignSenderDeps, campaign: CampaignRow): void {
  if (running.has(campaign.id)) return;
  running.add(campaign.id);
  deps.tasks.run(async () => {
    try {
      await sendPending(deps, campaign);
    } finally {
      running.delete(campaign.id);
    }
  });
}

/** Rows left 'sending' by a process that stopped mid-send are failed, not resent (at most once). */
export async function failInterrupted(db: Db, campaignId: string): Promise<void> {
  if (running.has(campaignId)) return;
  await db
    .update(campaignRecipients)
    .set({ status: 'failed', error: INTERRUPTED_MESSAGE })
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'sending')));
}
