import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, registerUser, uniqueEmail } from '../../test/http-helpers.ts';
import { latestMail } from '../../test/mail-helpers.ts';

type Received = { from: string; to: string[]; raw: string };

let smtp: SMTPServer;
const received: Received[] = [];
let withSmtp: TestApp;
let outboxOnly: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  [withSmtp, outboxOnly] = await Promise.all([
    buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Lumen Test <mailer@lumen.test>' } }),
    buildTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([withSmtp?.close(), outboxOnly?.close()]);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the verification code to the SMTP server and records it as sent', async () => {
    const email = uniqueEmail('smtp');
    await registerUser(withSmtp.app, { email, firstName: 'Sam' });
    const stored = await latestMail(withSmtp.app, email, 'email_verification');
    expect(stored?.status).toBe('sent');
    const message = received.find((item) => item.to.includes(email));
    expect(message).toBeDefined();
    expect(message?.from).toBe('mailer@lumen.test');
    const code = /\b(\d{6})\b/.exec(stored?.text ?? '')?.[1];
    expect(message?.raw).toContain(`Subject: Your Lumen Studio verification code: ${code}`);
    expect(message?.raw).toContain('From: Lumen Test <mailer@lumen.test>');
    expect(message?.raw).toMatch(/Content-Type: text\/plain/);
    expect(message?.raw).toMatch(/Content-Type: text\/html/);
    expect(message?.raw).toContain('Hi Sam,');
  });
});

describe('admin mail outbox', () => {
  it('lists messages without their bodies, filters by recipient, and shows one with text and HTML', async () => {
    const admin = await adminAccessToken(outboxOnly.app);
    const email = uniqueEmail('outbox');
    await registerUser(outboxOnly.app, { email });
    await registerUser(outboxOnly.app);
    await outboxOnly.app.backgroundTasks.drain();

    const list = await outboxOnly.app.inject({
      method: 'GET',
      url: `/api/v1/admin/mail-outbox?to=${encodeURIComponent(email.toUpperCase())}`,
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data).toMatchObject({ page: 1, limit: 10, total: 1, totalPages: 1 });
    expect(Object.keys(data.items[0]).sort()).toEqual(['createdAt', 'id', 'status', 'subject', 'template', 'to']);
    expect(data.items[0]).toMatchObject({ to: email, template: 'email_verification', status: 'stored' });

    const all = await outboxOnly.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox?limit=1&page=2', headers: bearer(admin) });
    expect(all.json().data).toMatchObject({ limit: 1, page: 2, total: 2, totalPages: 2 });

    const one = await outboxOnly.app.inject({
      method: 'GET',
      url: `/api/v1/admin/mail-outbox/${data.items[0].id}`,
      headers: bearer(admin),
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.text).toMatch(/verification code is \d{6}/);
    expect(one.json().data.html).toContain('<html>');

    const missing = await outboxOnly.app.inject({
      method: 'GET',
      url: '/api/v1/admin/mail-outbox/00000000-0000-4000-8000-000000000000',
      headers: bearer(admin),
    });
    expect(missing.statusCode).toBe(404);
    for (const url of ['/admin/mail-outbox/nope', '/admin/mail-outbox?limit=0', '/admin/mail-outbox?extra=1']) {
      expect((await outboxOnly.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(admin) })).statusCode).toBe(400);
    }
  });

  it('is for admins only (401 guest, 403 user)', async () => {
    const user = await registerUser(outboxOnly.app);
    for (const url of ['/api/v1/admin/mail-outbox', '/api/v1/admin/mail-outbox/00000000-0000-4000-8000-000000000000']) {
      expect((await outboxOnly.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await outboxOnly.app.inject({ method: 'GET', url, headers: bearer(user.accessToken) })).statusCode).toBe(403);
    }
  });
});
