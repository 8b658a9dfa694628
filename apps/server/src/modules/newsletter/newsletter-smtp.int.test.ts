import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, uniqueEmail } from '../../test/http-helpers.ts';
import { latestMail } from '../../test/mail-helpers.ts';

let smtp: SMTPServer;
const received: Array<{ to: string[]; raw: string }> = [];
let t: TestApp;
let admin: Record<string, string>;
const REFUSED = 'refused-reader@example.com';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED) return callback(new Error('550 mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  admin = bearer(await adminAccessToken(t.app));
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function confirmed(email: string) {
  await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscribe', payload: { email } });
  const text = (await latestMail(t.app, email, 'newsletter_confirmation'))?.text ?? '';
  const token = decodeURIComponent(/\/newsletter\/confirm\?token=(\S+)/.exec(text)?.[1] ?? '');
  expect((await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token } })).statusCode).toBe(200);
}

describe('newsletter over SMTP', () => {
  it('sends each newsletter with a List-Unsubscribe header, and reports a recipient the SMTP server refused as failed', async () => {
    const reader = uniqueEmail('smtp-reader');
    await confirmed(reader);
    // The refused address never receives its confirmation mail; confirm it the way its link would.
    await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscribe', payload: { email: REFUSED } });
    const refusedText = (await latestMail(t.app, REFUSED, 'newsletter_confirmation'))?.text ?? '';
    const token = decodeURIComponent(/\/newsletter\/confirm\?token=(\S+)/.exec(refusedText)?.[1] ?? '');
    await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token } });

    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/newsletter/campaigns',
        headers: admin,
        payload: { subject: 'SMTP issue', body: 'Hello' },
      })
    ).json().data.id;
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/newsletter/campaigns/${id}/send`, headers: admin })).statusCode).toBe(
      202,
    );
    await t.app.backgroundTasks.drain();
    await t.app.backgroundTasks.drain(); // SMTP deliveries are their own background tasks

    const delivered = received.find((message) => message.to.includes(reader) && message.raw.includes('Subject: SMTP issue'));
    expect(delivered?.raw).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=/); // folded by nodemailer

    const results = (
      await t.app.inject({ method: 'GET', url: `/api/v1/admin/newsletter/campaigns/${id}/recipients?limit=100`, headers: admin })
    ).json().data.items;
    expect(results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: reader, status: 'sent' }),
        expect.objectContaining({ email: REFUSED, status: 'failed', error: expect.stringContaining('550') }),
      ]),
    );
    const campaign = (await t.app.inject({ method: 'GET', url: `/api/v1/admin/newsletter/campaigns/${id}`, headers: admin })).json().data;
    expect(campaign.progress).toMatchObject({ failed: 1 });
  });
});
