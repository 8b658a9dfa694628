import type { Campaign, CampaignRecipientList, RecipientStatus } from '@lumen/core/content/newsletter';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { failInterrupted, runInBackground } from './campaign-sender.ts';
import type { CampaignSenderDeps } from './campaign-sender.ts';
import {
  campaignOf,
  campaignsBeingSent,
  findCampaign,
  findUserEmail,
  insertCampaign,
  listCampaigns,
  lockCampaign,
  recipientPage,
  startSendingDraft,
  updateCampaignText,
} from './campaigns.repository.ts';
import { campaignMail } from './newsletter-mails.ts';
import type { Db } from '../../db/database.ts';
import type { CampaignRow } from './tables.ts';

export { INTERRUPTED_MESSAGE } from './campaign-sender.ts';

type CampaignText = { subject: string; body: string };

const target = (id: string) => ({ targetType: 'newsletter_campaign', targetId: id });

async function createDraft(tx: Db, actor: AuditActor, input: CampaignText): Promise<CampaignRow> {
  const created = await insertCampaign(tx, { ...input, createdBy: actor.userId });
  await insertAuditEntry(tx, actor, {
    action: 'newsletter_campaign.create',
    ...target(created.id),
    before: null,
    after: { subject: input.subject },
  });
  return created;
}

/** Only a draft can be edited. */
async function editDraft(tx: Db, actor: AuditActor, id: string, input: CampaignText): Promise<CampaignRow> {
  const existing = await lockCampaign(tx, id);
  if (existing.status !== 'draft') throw new AppError('CONFLICT', 409, 'This campaign has been sent and can no longer be edited');
  const updated = await updateCampaignText(tx, id, input);
  const change = { before: { subject: existing.subject }, after: { subject: input.subject } };
  await insertAuditEntry(tx, actor, { action: 'newsletter_campaign.update', ...target(id), ...change });
  return updated ?? existing;
}

/** A draft takes its recipient list and starts; a campaign already sending is resumed. Both are audited. */
async function startOrResume(tx: Db, actor: AuditActor, id: string): Promise<CampaignRow> {
  const row = await lockCampaign(tx, id);
  if (row.status === 'sent') throw new AppError('CONFLICT', 409, 'This campaign has already been sent');
  if (row.status !== 'draft') {
    await insertAuditEntry(tx, actor, { action: 'newsletter_campaign.resume', ...target(id), before: null, after: null });
    return row;
  }
  const started = await startSendingDraft(tx, id);
  await insertAuditEntry(tx, actor, {
    action: 'newsletter_campaign.send',
    ...target(id),
    before: { status: 'draft' },
    after: { status: 'sending' },
  });
  return started ?? row;
}

/** The campaign to the admin's own address, marked [Test]. */
async function sendTest({ db, config, mailer }: CampaignSenderDeps, actor: AuditActor, id: string): Promise<{ to: string }> {
  const campaign = await findCampaign(db, id);
  const to = await findUserEmail(db, actor.userId);
  if (!to) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to continue');
  const unsubscribeUrl = `${config.publicUrl}/newsletter/unsubscribe`;
  await mailer.send(
    to,
    campaignMail({ subject: campaign.subject, markdown: campaign.body, html: campaign.bodyHtml, unsubscribeUrl, isTest: true }),
  );
  await insertAuditEntry(db, actor, { action: 'newsletter_campaign.test', ...target(id), before: null, after: { to } });
  return { to };
}

/** Newsletter campaigns: drafts, a test mail, sending in the background (campaign-sender.ts) and its progress. */
export function createCampaignsService(deps: CampaignSenderDeps) {
  const { db } = deps;

  return {
    list: (): Promise<Campaign[]> => listCampaigns(db),
    get: async (id: string): Promise<Campaign> => campaignOf(db, await findCampaign(db, id)),
    create: async (actor: AuditActor, input: CampaignText): Promise<Campaign> =>
      campaignOf(db, await db.transaction((tx) => createDraft(tx, actor, input))),
    update: async (actor: AuditActor, id: string, input: CampaignText): Promise<Campaign> =>
      campaignOf(db, await db.transaction((tx) => editDraft(tx, actor, id, input))),
    sendTest: (actor: AuditActor, id: string) => sendTest(deps, actor, id),

    /**
     * Sends to every confirmed subscriber in the background: the first call fixes the recipient list;
     * calling again resumes a campaign that was interrupted (each recipient is still mailed once).
     */
    async send(actor: AuditActor, id: string): Promise<Campaign> {
      const campaign = await db.transaction((tx) => startOrResume(tx, actor, id));
      await failInterrupted(db, id);
      runInBackground(deps, campaign);
      return campaignOf(db, campaign);
    },

    /** At start-up: finish campaigns a stopped process left half sent. */
    async resumeUnfinished(): Promise<number> {
      const rows = await campaignsBeingSent(db);
      for (const row of rows) {
        await failInterrupted(db, row.id);
        runInBackground(deps, row);
      }
      return rows.length;
    },

    async recipients(id: string, query: { status?: RecipientStatus; limit: number; page: number }): Promise<CampaignRecipientList> {
      await findCampaign(db, id);
      return recipientPage(db, id, query);
    },
  };
}
