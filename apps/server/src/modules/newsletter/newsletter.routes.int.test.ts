import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SUBSCRIBE_MESSAGE } from '@lumen/core/content/newsletter';
import { TEST_ADMIN_EMAIL, adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, registerUser, uniqueEmail } from '../../test/http-helpers.ts';
import { latestMail, mailsTo } from '../../test/mail-helpers.ts';
import { mailOutbox } from '../mail/tables.ts';
import { createCampaignsService, INTERRUPTED_MESSAGE } from './campaigns.service.ts';
import { campaignRecipients, newsletterCampaigns, newsletterSubscribers } from './tables.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer(await adminAccessToken(t.app));
});
afterAll(async () => t.close());

let ip = 0;
const subscribe = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscribe', payload: { email }, remoteAddress: `10.1.0.${(ip += 1)}` });
const tokenIn = (text: string | undefined, purpose: 'confirm' | 'unsubscribe') => {
  const match = new RegExp(`/newsletter/${purpose}\\?token=([^\\s"&]+)`).exec(text ?? '');
  if (!match?.[1]) throw new Error(`no ${purpose} link in ${text}`);
  return decodeURIComponent(match[1]);
};

async function confirmedSubscriber(): Promise<string> {
  const email = uniqueEmail('reader');
  await subscribe(email);
  const token = tokenIn((await latestMail(t.app, email, 'newsletter_confirmation'))?.text, 'confirm');
  expect((await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token } })).statusCode).toBe(200);
  return email;
}

describe('double opt-in', () => {
  it('mails a confirmation link; the address is pending until it is opened, then confirmed; unsubscribe works from any mail', async () => {
    const email = uniqueEmail('Reader').toUpperCase();
    const response = await subscribe(email);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(SUBSCRIBE_MESSAGE);
    const lower = email.toLowerCase();
    const [row] = await t.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, lower));
    expect(row?.status).toBe('pending');
    const mail = await latestMail(t.app, lower, 'newsletter_confirmation');
    const confirmToken = tokenIn(mail?.text, 'confirm');
    const unsubscribeToken = tokenIn(mail?.text, 'unsubscribe');
    expect(mail?.html).toContain('Unsubscribe</a>');

    // A confirmation token is not an unsubscribe token, and a forged one is refused.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/unsubscribe', payload: { token: confirmToken } })).statusCode,
    ).toBe(400);
    const forged = `${row?.id}.${'A'.repeat(43)}`;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token: forged } })).statusCode).toBe(400);

    const confirmed = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token: confirmToken } });
    expect(confirmed.json().data).toEqual({ email: lower, status: 'confirmed' });
    // Subscribing again reveals nothing and sends nothing.
    expect((await subscribe(lower)).json().message).toBe(SUBSCRIBE_MESSAGE);
    expect(await mailsTo(t.app, lower)).toHaveLength(1);

    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/unsubscribe',
      payload: { token: unsubscribeToken },
    });
    expect(unsubscribed.json().data.status).toBe('unsubscribed');
  });

  it('refuses bad e-mails and bad tokens with clear 400s', async () => {
    const bad = await subscribe('not an email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ field: 'email', message: 'Please enter a valid email address' }]);
    expect((await subscribe('<script>@x.y')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token: 'garbage-token-value' } })).json().message,
    ).toContain('This link is not valid');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscribe', payload: { email: `${'a'.repeat(1_100_000)}@x.y` } }))
        .statusCode,
    ).toBe(413);
  });
});

describe('admin newsletter', () => {
  it('lists, searches and exports subscribers as CSV, admin only', async () => {
    const email = await confirmedSubscriber();
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/newsletter/subscribers?status=confirmed&search=${encodeURIComponent(email)}`,
        headers: admin,
      })
    ).json().data;
    expect(list.items).toEqual([expect.objectContaining({ email, status: 'confirmed' })]);
    expect(list.counts.confirmed).toBeGreaterThanOrEqual(1);
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/admin/newsletter/subscribers/export?status=confirmed', headers: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('email,status,subscribed_at,confirmed_at,unsubscribed_at');
    expect(csv.body).toContain(`"${email}","confirmed"`);
    const user = await registerUser(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/newsletter/subscribers', headers: bearer(user.accessToken) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/newsletter/subscribers/export' })).statusCode).toBe(401);
  });

  it('composes a campaign, tests it on the admin, sends it once to every confirmed subscriber with an unsubscribe link each', async () => {
    const readers = [await confirmedSubscriber(), await confirmedSubscriber()];
    const pendingEmail = uniqueEmail('pending');
    await subscribe(pendingEmail);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/newsletter/campaigns',
      headers: admin,
      payload: { subject: '', body: '' },
    });
    expect(bad.statusCode).toBe(400);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/newsletter/campaigns',
      headers: admin,
      payload: {
        subject: 'November at Lumen Studio',
        body: '## New: sound generation\n\n<script>alert(1)</script> [x](javascript:alert(1))',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;

    const test = await t.app.inject({ method: 'POST', url: `/api/v1/admin/newsletter/campaigns/${id}/test`, headers: admin });
    expect(test.json().data.to).toBe(TEST_ADMIN_EMAIL);
    expect((await latestMail(t.app, TEST_ADMIN_EMAIL, 'newsletter_campaign'))?.subject).toBe('[Test] November at Lumen Studio');

    const started = await t.app.inject({ method: 'POST', url: `/api/v1/admin/newsletter/campaigns/${id}/send`, headers: admin });
    expect(started.statusCode).toBe(202);
    await t.app.backgroundTasks.drain();
    const campaign = (await t.app.inject({ method: 'GET', url: `/api/v1/admin/newsletter/campaigns/${id}`, headers: admin })).json().data;
    expect(campaign.status).toBe('sent');
    expect(campaign.progress.sent).toBe(campaign.progress.total);
    expect(campaign.progress.failed).toBe(0);
    for (const reader of readers) {
      const mails = (await mailsTo(t.app, reader)).filter((mail) => mail.template === 'newsletter_campaign');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.html).toContain('<h2>New: sound generation</h2>');
      expect(mails[0]?.html).not.toMatch(/<script|href="javascript/i);
      const token = tokenIn(mails[0]?.text, 'unsubscribe');
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/unsubscribe', payload: { token } })).json().data).toEqual({
        email: reader,
        status: 'unsubscribed',
      });
    }
    expect((await mailsTo(t.app, pendingEmail)).filter((mail) => mail.template === 'newsletter_campaign')).toEqual([]);

    const recipients = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/newsletter/campaigns/${id}/recipients?status=sent&limit=100`,
        headers: admin,
      })
    ).json().data;
    expect(recipients.items.map((item: { email: string }) => item.email)).toEqual(expect.arrayContaining(readers));
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/newsletter/campaigns/${id}/send`, headers: admin })).statusCode).toBe(
      409,
    );
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/admin/newsletter/campaigns/${id}`,
          headers: admin,
          payload: { subject: 'x', body: 'y' },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('resumes an interrupted campaign: pending recipients are sent, in-flight ones are not sent twice', async () => {
    const readers = [await confirmedSubscriber(), await confirmedSubscriber(), await confirmedSubscriber()];
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/newsletter/campaigns',
        headers: admin,
        payload: { subject: 'Resume me', body: 'Hello' },
      })
    ).json().data.id;
    // As if a process had fixed the list, mailed one, claimed another and then stopped.
    const subscribers = await t.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.status, 'confirmed'));
    await t.database.db
      .insert(campaignRecipients)
      .values(subscribers.map((row) => ({ campaignId: id, subscriberId: row.id, email: row.email })));
    await t.database.db.update(newsletterCampaigns).set({ status: 'sending' }).where(eq(newsletterCampaigns.id, id));
    const [first, second] = readers.map((email) => subscribers.find((row) => row.email === email)!);
    await t.database.db
      .update(campaignRecipients)
      .set({ status: 'sent' })
      .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.subscriberId, first!.id)));
    await t.database.db
      .update(campaignRecipients)
      .set({ status: 'sending' })
      .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.subscriberId, second!.id)));

    const service = createCampaignsService({
      db: t.database.db,
      config: t.config,
      mailer: t.app.mailer,
      tasks: t.app.backgroundTasks,
      log: t.app.log,
    });
    expect(await service.resumeUnfinished()).toBeGreaterThanOrEqual(1);
    await t.app.backgroundTasks.drain();
    const mailed = async (email: string) =>
      (
        await t.database.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, 'Resume me')))
      ).length;
    expect(await mailed(readers[0]!)).toBe(0);
    expect(await mailed(readers[1]!)).toBe(0);
    expect(await mailed(readers[2]!)).toBe(1);
    const campaign = await service.get(id);
    expect(campaign.status).toBe('sent');
    const failed = (await service.recipients(id, { status: 'failed', limit: 100, page: 1 })).items;
    expect(failed).toEqual([expect.objectContaining({ email: readers[1], error: INTERRUPTED_MESSAGE })]);
  });
});
