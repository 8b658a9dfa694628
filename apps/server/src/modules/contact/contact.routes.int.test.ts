import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_SENT_MESSAGE } from '@lumen/core/content/contact';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, registerUser, uniqueEmail } from '../../test/http-helpers.ts';
import { latestMail, mailsTo } from '../../test/mail-helpers.ts';
import { auditLog } from '../audit/tables.ts';
import { creditLedger } from '../credits/tables.ts';
import { CONTACT_RATE_LIMIT } from './contact.service.ts';
import { contactMessages } from './tables.ts';

let t: TestApp;
let admin: Record<string, string>;
const SUPPORT = 'help-desk@lumen.test';

beforeAll(async () => {
  t = await buildTestApp({ config: { supportEmail: SUPPORT } });
  admin = bearer(await adminAccessToken(t.app));
});
afterAll(async () => t.close());

let ipCounter = 0;
const nextIp = () => `10.0.0.${(ipCounter += 1)}`;

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Grace Hopper',
    email: uniqueEmail('grace'),
    subject: 'I shared Lumen Studio',
    message: 'I posted my speed painting on Instagram, here is the link.',
    ...overrides,
  };
}

async function send(body: Record<string, unknown>, ip = nextIp(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: body, remoteAddress: ip, headers });
}

describe('POST /contact', () => {
  it('stores the message and mails it to the support address', async () => {
    const body = message();
    const response = await send(body);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(CONTACT_SENT_MESSAGE);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, response.json().data.id));
    expect(row).toMatchObject({ name: 'Grace Hopper', email: body.email, status: 'open' });
    const mail = await latestMail(t.app, SUPPORT, 'contact_message');
    expect(mail?.subject).toBe('[Contact] I shared Lumen Studio');
    expect(mail?.text).toContain(`Grace Hopper <${body.email}>`);
  });

  it('mails the support address of the platform settings once an admin sets one', async () => {
    const current = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: admin })).json().data.settings;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: admin,
      payload: { ...current, supportEmail: 'desk@lumen.test' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await send(message({ subject: 'To the settings address' }))).statusCode).toBe(201);
    expect((await latestMail(t.app, 'desk@lumen.test', 'contact_message'))?.subject).toBe('[Contact] To the settings address');
    await t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: admin, payload: { ...current, supportEmail: '' } });
  });

  it('escapes markup in the mail and refuses bad input with clear 400s', async () => {
    const body = message({ subject: '<script>alert(1)</script>', message: '<img src=x onerror=alert(1)> hello there' });
    expect((await send(body)).statusCode).toBe(201);
    const mail = await latestMail(t.app, SUPPORT, 'contact_message');
    expect(mail?.html).not.toMatch(/<script|<img/i);
    expect(mail?.html).toContain('&lt;script&gt;');

    const badEmail = await send(message({ email: 'not-an-email' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.details).toEqual([{ field: 'email', message: 'Please enter a valid email address' }]);
    const short = await send(message({ message: 'hi' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Please write at least 10 characters');
    expect((await send(message({ message: 'x'.repeat(5001) }))).statusCode).toBe(400);
    expect((await send(message({ message: 'x'.repeat(1_100_000) }))).statusCode).toBe(413);
    expect((await send(message({ extra: 1 }))).statusCode).toBe(400);
    expect((await send({})).statusCode).toBe(400);
  });

  it('limits each IP, answering 429 with Retry-After, and keeps other IPs free', async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) expect((await send(message(), ip)).statusCode).toBe(201);
    const before = (await t.database.db.select().from(contactMessages)).length;
    const limited = await send(message(), ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
    expect((await send(message())).statusCode).toBe(201);
  });
});

describe('admin contact messages', () => {
  it('lists and searches messages, replies by mail, marks them, all admin only and audited', async () => {
    const body = message({ subject: 'Refund for a failed job' });
    const id = (await send(body)).json().data.id;
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact/messages?search=refund&status=open', headers: admin })
    ).json().data;
    expect(list.items.map((item: { id: string }) => item.id)).toContain(id);

    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/contact/messages/${id}/reply`,
      headers: admin,
      payload: { reply: 'Your credits are back.' },
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().data).toMatchObject({ status: 'answered', reply: 'Your credits are back.' });
    const mail = await latestMail(t.app, body.email as string, 'contact_reply');
    expect(mail?.subject).toBe('Re: Refund for a failed job');
    expect(mail?.text).toContain('Your credits are back.');

    const reopened = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/contact/messages/${id}/status`,
      headers: admin,
      payload: { status: 'open' },
    });
    expect(reopened.json().data.status).toBe('open');
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map((row) => row.action).sort();
    expect(actions).toEqual(['contact_message.reply', 'contact_message.status']);

    const user = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact/messages' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact/messages', headers: bearer(user.accessToken) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact/messages/00000000-0000-4000-8000-000000000000', headers: admin }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact/messages/nope', headers: admin })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/admin/contact/messages/${id}/reply`, headers: admin, payload: { reply: '' } }))
        .statusCode,
    ).toBe(400);
  });

  it('grants FREE CREDITS to the sender once per message, through the ledger, with the reason', async () => {
    const user = await registerUser(t.app);
    const id = (await send(message({ email: user.user.email }))).json().data.id;
    const url = `/api/v1/admin/contact/messages/${id}/grant-credits`;
    const balance = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: bearer(user.accessToken) })).json().data
        .balance as number;
    const start = await balance();

    const granted = await t.app.inject({ method: 'POST', url, headers: admin, payload: { amount: 10, reason: 'Shared on Instagram' } });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).toMatchObject({ creditsGranted: 10, grantReason: 'Shared on Instagram', userId: user.user.id });
    expect(await balance()).toBe(start + 10);

    const again = await Promise.all([
      t.app.inject({ method: 'POST', url, headers: admin, payload: { amount: 10, reason: 'Shared on Instagram' } }),
      t.app.inject({ method: 'POST', url, headers: admin, payload: { amount: 50, reason: 'twice' } }),
    ]);
    expect(again.map((response) => response.statusCode)).toEqual([409, 409]);
    expect(await balance()).toBe(start + 10);
    const ledger = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, `contact:${id}:credits`));
    expect(ledger).toEqual([expect.objectContaining({ kind: 'admin_adjustment', amount: 10, userId: user.user.id })]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'contact_message.grant_credits'));
    expect(audit.some((row) => row.targetId === user.user.id)).toBe(true);

    const stranger = (await send(message())).json().data.id;
    const noAccount = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/contact/messages/${stranger}/grant-credits`,
      headers: admin,
      payload: { amount: 5, reason: 'Thanks' },
    });
    expect(noAccount.statusCode).toBe(422);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/contact/messages/${stranger}/grant-credits`,
      headers: admin,
      payload: { amount: -5, reason: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await mailsTo(t.app, 'nobody@example.com')).toEqual([]);
  });
});
