import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SUPPORT_MESSAGE_LIMIT } from '@lumen/core/content/support';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { VALID_PASSWORD, bearer, registerUser } from '../../test/http-helpers.ts';
import { latestMail, mailsTo } from '../../test/mail-helpers.ts';
import { readZip } from '../../test/zip-helpers.ts';
import { auditLog } from '../audit/tables.ts';
import { limitCounters } from '../limits/tables.ts';
import { supportConversations, supportMessages } from './tables.ts';

let t: TestApp;
let admin: Record<string, string>;
const SUPPORT = 'chat-desk@lumen.test';

beforeAll(async () => {
  t = await buildTestApp({ config: { supportEmail: SUPPORT } });
  admin = bearer(await adminAccessToken(t.app));
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const post = (url: string, headers: Headers, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as Record<string, unknown> });
const write = (headers: Headers, body: unknown) => post('/support/conversation/messages', headers, { body });

async function person(firstName = 'Grace') {
  const registered = await registerUser(t.app, { firstName, lastName: 'Hopper' });
  return { id: registered.user.id, email: registered.user.email, headers: bearer(registered.accessToken) };
}

describe('support chat', () => {
  it('the user writes, an admin answers, each side sees the other and its unread count, the answer is mailed', async () => {
    const grace = await person();
    expect((await get('/support/conversation', grace.headers)).json().data).toEqual({ messages: [], unread: 0 });

    const first = await write(grace.headers, '  My sound job failed twice,\r\nwere the credits refunded?  ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ author: 'user', body: 'My sound job failed twice,\nwere the credits refunded?' });
    expect((await write(grace.headers, 'Job id is in the library.')).statusCode).toBe(201);

    // Support gets one mail for the batch (the second message found one unread already).
    const supportMails = (await mailsTo(t.app, SUPPORT)).filter(
      (mail) => mail.template === 'support_message' && mail.text.includes(grace.email),
    );
    expect(supportMails).toHaveLength(1);
    expect(supportMails[0]?.text).toContain(`/admin/support?conversation=${grace.id}`);

    const adminUnread = (await get('/admin/support/unread', admin)).json().data;
    expect(adminUnread.conversations).toBeGreaterThanOrEqual(1);
    expect(adminUnread.unread).toBeGreaterThanOrEqual(2);
    const list = (await get('/admin/support/conversations?unread=true&limit=100', admin)).json().data;
    const summary = list.items.find((item: { user: { id: string } }) => item.user.id === grace.id);
    expect(summary).toMatchObject({
      user: { email: grace.email, name: 'Grace Hopper' },
      unread: 2,
      messageCount: 2,
      lastMessage: { author: 'user', preview: 'Job id is in the library.' },
    });

    const seen = (await get(`/admin/support/conversations/${grace.id}`, admin)).json().data;
    expect(seen.unread).toBe(2);
    expect(seen.messages.map((message: { body: string }) => message.body)).toEqual([
      'My sound job failed twice,\nwere the credits refunded?',
      'Job id is in the library.',
    ]);
    const read = await post(`/admin/support/conversations/${grace.id}/read`, admin);
    expect(read.statusCode, read.body).toBe(200);
    expect((await get(`/admin/support/conversations/${grace.id}`, admin)).json().data.unread).toBe(0);
    expect(adminUnread.unread - read.json().data.unread).toBe(2);

    const answer = await post(`/admin/support/conversations/${grace.id}/messages`, admin, {
      body: 'Yes: both refunds are in your ledger.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().data).toMatchObject({ author: 'support', body: 'Yes: both refunds are in your ledger.' });

    const mail = await latestMail(t.app, grace.email, 'support_reply');
    expect(mail?.subject).toBe('Lumen Studio support answered you');
    expect(mail?.text).toContain('Yes: both refunds are in your ledger.');
    expect(mail?.text).toContain('/dashboard/support');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'support_message.answer'));
    expect(audit.some((row) => row.targetId === grace.id)).toBe(true);

    expect((await get('/support/unread', grace.headers)).json().data).toEqual({ unread: 1 });
    const conversation = (await get('/support/conversation', grace.headers)).json().data;
    expect(conversation.unread).toBe(1);
    expect(conversation.messages.map((message: { author: string }) => message.author)).toEqual(['user', 'user', 'support']);
    expect(conversation.messages[2]).not.toHaveProperty('adminUserId');
    expect((await post('/support/conversation/read', grace.headers)).json().data).toEqual({ unread: 0 });
    expect((await get('/support/unread', grace.headers)).json().data).toEqual({ unread: 0 });
  });

  it('keeps each conversation to its owner: another user sees none of it and cannot reach it', async () => {
    const owner = await person('Owner');
    const other = await person('Other');
    expect((await write(owner.headers, 'Private question about my invoice')).statusCode).toBe(201);
    await post(`/admin/support/conversations/${owner.id}/messages`, admin, { body: 'Private answer' });

    expect((await get('/support/conversation', other.headers)).json().data).toEqual({ messages: [], unread: 0 });
    expect((await get('/support/unread', other.headers)).json().data).toEqual({ unread: 0 });
    for (const response of [
      await get(`/admin/support/conversations/${owner.id}`, other.headers),
      await get('/admin/support/conversations', other.headers),
      await post(`/admin/support/conversations/${owner.id}/messages`, other.headers, { body: 'hijack' }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await get('/support/conversation', {})).statusCode).toBe(401);
    // An account that does not exist has no conversation; a malformed id is a 400.
    expect((await get('/admin/support/conversations/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    expect(
      (await post('/admin/support/conversations/00000000-0000-4000-8000-000000000000/messages', admin, { body: 'hello' })).statusCode,
    ).toBe(404);
    expect((await get('/admin/support/conversations/nope', admin)).statusCode).toBe(400);
    const ownerSees = (await get('/support/conversation', owner.headers)).json().data.messages;
    expect(ownerSees.map((message: { body: string }) => message.body)).toEqual(['Private question about my invoice', 'Private answer']);
  });

  it('stores plain text only and refuses empty, overlong or unexpected input with clear 400s', async () => {
    const user = await person();
    const markup = await write(user.headers, '<img src=x onerror=alert(1)>\u202Eevil\u0000 text');
    expect(markup.statusCode).toBe(201);
    expect(markup.json().data.body).toBe('<img src=x onerror=alert(1)>evil text');
    const supportMail = (await mailsTo(t.app, SUPPORT)).find((mail) => mail.text.includes(user.email));
    expect(supportMail?.html).not.toMatch(/<img/i);
    expect(supportMail?.html).toContain('&lt;img');

    const empty = await write(user.headers, ' \u200B \n ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Write a message');
    const long = await write(user.headers, 'x'.repeat(4001));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('at most 4,000 characters');
    expect((await write(user.headers, 42)).statusCode).toBe(400);
    expect((await post('/support/conversation/messages', user.headers, { body: 'hi', extra: 1 })).statusCode).toBe(400);
    expect((await post('/support/conversation/messages', user.headers, { body: 'x'.repeat(1_100_000) })).statusCode).toBe(413);
  });

  it('limits each account atomically: of 200 parallel messages exactly the limit pass, the rest get 429 with Retry-After', async () => {
    const user = await person();
    const other = await person();
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => write(user.headers, `message ${i}`)));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(SUPPORT_MESSAGE_LIMIT.max);
    expect(codes.filter((code) => code === 429)).toHaveLength(200 - SUPPORT_MESSAGE_LIMIT.max);
    const limited = responses.find((response) => response.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().message).toMatch(/Please wait 10 minutes before writing again/);
    const stored = await t.database.db.select().from(supportMessages).where(eq(supportMessages.userId, user.id));
    expect(stored).toHaveLength(SUPPORT_MESSAGE_LIMIT.max);
    // Only one mail to support for the whole burst, and another account is not limited.
    expect((await mailsTo(t.app, SUPPORT)).filter((mail) => mail.text.includes(user.email))).toHaveLength(1);
    expect((await write(other.headers, 'I can still write')).statusCode).toBe(201);
    // Admins answering are not limited by the user's counter.
    expect((await post(`/admin/support/conversations/${user.id}/messages`, admin, { body: 'We read them all.' })).statusCode).toBe(201);
    const [counter] = await t.database.db
      .select()
      .from(limitCounters)
      .where(eq(limitCounters.key, `support:user:${user.id}`));
    expect(counter?.count).toBe(SUPPORT_MESSAGE_LIMIT.max);
  });

  it('is in the account export and goes with the account deletion', async () => {
    const user = await person();
    expect((await write(user.headers, 'Please keep this in my archive')).statusCode).toBe(201);
    expect((await post(`/admin/support/conversations/${user.id}/messages`, admin, { body: 'Kept.' })).statusCode).toBe(201);

    const exported = await post('/user/me/export', user.headers);
    expect(exported.statusCode, exported.body).toBe(200);
    const files = await readZip(exported.rawPayload);
    expect(files.get('README.txt')?.toString('utf8')).toContain('support-chat.json');
    expect(JSON.parse(files.get('support-chat.json')!.toString('utf8'))).toMatchObject([
      { author: 'user', body: 'Please keep this in my archive' },
      { author: 'support', body: 'Kept.' },
    ]);

    const deleted = await post('/user/me/delete', user.headers, { password: VALID_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.select().from(supportMessages).where(eq(supportMessages.userId, user.id))).toEqual([]);
    expect(await t.database.db.select().from(supportConversations).where(eq(supportConversations.userId, user.id))).toEqual([]);
    const list = (await get('/admin/support/conversations?limit=100', admin)).json().data;
    expect(list.items.some((item: { user: { id: string } }) => item.user.id === user.id)).toBe(false);
  });
});
