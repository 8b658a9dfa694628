import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_COOLDOWN_MINUTES, accountDataMessages, deletedEmailFor } from '@lumen/core/users/account-data';
import { TEST_ADMIN_PASSWORD, adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { VALID_PASSWORD, bearer, multipartFile, registerUser, uniqueEmail } from '../../test/http-helpers.ts';
import { fastWorker, noisePng, submitJob, uploadFile, waitForJob } from '../../test/job-helpers.ts';
import { codeIn, latestMail } from '../../test/mail-helpers.ts';
import { generateKey, xApiKey } from '../../test/api-key-helpers.ts';
import { apiKeys } from '../api-keys/tables.ts';
import { oauthGrants } from '../mcp-oauth/tables.ts';
import { connectApp } from '../../test/mcp-oauth-helpers.ts';
import { authSessions, securityEvents, userIdentities } from '../auth/tables.ts';
import { communityPosts } from '../community/tables.ts';
import { creditLedger } from '../credits/tables.ts';
import { jobOutputs, jobs, uploads } from '../jobs/tables.ts';
import { mailOutbox } from '../mail/tables.ts';
import { newsletterSubscribers } from '../newsletter/tables.ts';
import { createPaidOrder } from '../../test/billing-helpers.ts';
import { autoTopUpSettings } from '../payments/auto-top-up/tables.ts';
import { orders, refundRequests } from '../payments/orders/tables.ts';
import { subscriptionPlans } from '../payments/plans/tables.ts';
import { subscriptions } from '../payments/subscriptions/tables.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { users } from '../users/tables.ts';
import { readZip } from '../../test/zip-helpers.ts';

let t: TestApp;
let now = new Date();

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() } });
});
afterAll(async () => t?.close());

type Person = { id: string; email: string; token: string; refreshToken: string };

async function person(): Promise<Person> {
  const email = uniqueEmail('data');
  const registered = await registerUser(t.app, { email, firstName: 'Grace', lastName: 'Hopper' });
  await setBalance(t.database.db, registered.user.id, 40);
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, registered.user.id));
  return { id: registered.user.id, email, token: registered.accessToken, refreshToken: registered.refreshToken };
}

/** A person with something in every part the archive covers. */
async function busyPerson() {
  const owner = await person();
  const db = t.database.db;
  const upload = await uploadFile(t.app, owner.token, { name: 'holiday photo.png', type: 'image/png', data: await noisePng(96, 80) });
  expect(upload.statusCode, upload.body).toBe(201);
  const created = await submitJob(t.app, owner.token, {
    service: 'image-generator',
    params: { prompt: 'a lighthouse at dawn' },
    files: {},
  });
  expect(created.statusCode, created.body).toBe(201);
  const job = await waitForJob(t.app, owner.token, created.json().data.id);
  expect(job.status).toBe('succeeded');
  const post = await t.app.inject({
    method: 'POST',
    url: '/api/v1/community/posts',
    headers: bearer(owner.token),
    payload: { jobId: job.id },
  });
  expect(post.statusCode, post.body).toBe(201);
  const key = await generateKey(t.app, owner.token, { name: 'CI pipeline' });
  const assistant = await connectApp(t.app, owner.token, {
    clientName: 'Export test assistant',
    services: ['image-generator'],
    monthlyCreditCap: 25,
  });
  const order = await createPaidOrder(db, owner.id, { credits: 100, amountCents: 900 });
  const topUp = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/payment/auto-top-up',
    headers: bearer(owner.token),
    payload: { enabled: false, threshold: 7, packageId: null, monthlyLimit: 2, lowBalanceEmail: false },
  });
  expect(topUp.statusCode, topUp.body).toBe(200);
  await db.insert(refundRequests).values({ orderId: order.id, userId: owner.id, reason: 'Bought the wrong pack' });
  const subscribe = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscribe', payload: { email: owner.email } });
  expect(subscribe.statusCode, subscribe.body).toBeLessThan(300);
  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    headers: bearer(owner.token),
    payload: { name: 'Grace Hopper', email: owner.email, subject: 'Invoices', message: 'Could you resend my receipt please?' },
  });
  expect(contact.statusCode, contact.body).toBeLessThan(300);
  const avatar = multipartFile('profileImage', 'me.png', 'image/png', await noisePng(96, 96));
  const avatarResponse = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/me/avatar',
    payload: avatar.payload,
    headers: { ...avatar.headers, ...bearer(owner.token) },
  });
  expect(avatarResponse.statusCode, avatarResponse.body).toBe(200);
  const avatarPath = join(t.config.dataDir, avatarResponse.json().data.profileImage as string);
  const [output] = await db.select().from(jobOutputs).where(eq(jobOutputs.jobId, job.id));
  const [uploadRow] = await db.select().from(uploads).where(eq(uploads.userId, owner.id));
  return { owner, jobId: job.id, key, assistant, order, output: output!, upload: uploadRow!, avatarPath };
}

const exportData = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/user/me/export', headers: bearer(token) });
const deleteAccount = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/me/delete', headers: bearer(token), payload });
const json = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)?.toString('utf8') ?? 'null');

describe('POST /user/me/export', () => {
  it('answers one zip with every part of the person, their files, and no secret', async () => {
    const { owner, jobId, key, assistant, order, output, upload, avatarPath } = await busyPerson();
    const response = await exportData(owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="lumen-studio-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await readZip(response.rawPayload);

    for (const name of [
      'README.txt',
      'profile.json',
      'credits.json',
      'orders.json',
      'refund-requests.json',
      'subscriptions.json',
      'payment-methods.json',
      'auto-top-up.json',
      'jobs.json',
      'uploads.json',
      'api-keys.json',
      'connected-apps.json',
      'sessions.json',
      'security-events.json',
      'community.json',
      'newsletter.json',
      'contact-messages.json',
    ]) {
      expect(files.has(name), name).toBe(true);
    }
    expect(json(files, 'profile.json')).toMatchObject({
      id: owner.id,
      email: owner.email,
      firstName: 'Grace',
      hasPassword: true,
      profileImage: 'files/profile-image.webp',
    });
    expect(files.get('files/profile-image.webp')?.equals(readFileSync(avatarPath))).toBe(true);
    const credits = json(files, 'credits.json');
    expect(credits.balance).toBe(40 + 100 - 1);
    expect(credits.ledger.reduce((sum: number, row: { amount: number }) => sum + row.amount, 0)).toBe(credits.balance);
    expect(json(files, 'orders.json')).toMatchObject([{ id: order.id, amountCents: 900, credits: 100, status: 'paid' }]);
    expect(json(files, 'refund-requests.json')).toMatchObject([{ orderId: order.id, reason: 'Bought the wrong pack', status: 'pending' }]);
    expect(json(files, 'auto-top-up.json')).toMatchObject({
      settings: { enabled: false, threshold: 7, monthlyLimit: 2, lowBalanceEmail: false },
      topUps: [],
      lowBalanceAlerts: [],
    });

    const [job] = json(files, 'jobs.json');
    expect(job).toMatchObject({ id: jobId, service: 'image-generator', status: 'succeeded', params: { prompt: 'a lighthouse at dawn' } });
    const outputPath = job.outputs[0].archivePath as string;
    expect(outputPath).toMatch(new RegExp(`^files/jobs/${jobId}/0-`));
    expect(files.get(outputPath)?.equals(await t.app.storage.get(output.storageKey))).toBe(true);
    const [uploaded] = json(files, 'uploads.json');
    expect(uploaded).toMatchObject({ id: upload.id, name: 'holiday photo.png' });
    expect(files.get(uploaded.archivePath)?.equals(await t.app.storage.get(upload.storageKey))).toBe(true);

    expect(json(files, 'api-keys.json')).toMatchObject([
      { id: key.id, name: 'CI pipeline', keyPrefix: key.apiKey.slice(0, 16), status: 'active', usage: { requests: 0, creditsUsed: 0 } },
    ]);
    expect(json(files, 'connected-apps.json')).toMatchObject([
      {
        client: { name: 'Export test assistant', clientId: assistant.clientId },
        allowedServices: ['image-generator'],
        monthlyCreditCap: 25,
        revokedAt: null,
      },
    ]);
    expect(json(files, 'sessions.json').length).toBeGreaterThan(0);
    expect(json(files, 'security-events.json').map((event: { type: string }) => event.type)).toContain('data_exported');
    expect(json(files, 'community.json').posts).toMatchObject([{ jobId, prompt: 'a lighthouse at dawn' }]);
    expect(json(files, 'newsletter.json')).toMatchObject({ email: owner.email });
    expect(json(files, 'contact-messages.json')).toMatchObject([{ subject: 'Invoices', message: 'Could you resend my receipt please?' }]);

    // No secret in any file: not the key, its hash, the password, its hash, or the refresh token.
    const [userRow] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    const [keyRow] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    const everything = [...files.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    for (const secret of [
      key.apiKey,
      keyRow!.keyHash,
      VALID_PASSWORD,
      userRow!.passwordHash!,
      owner.refreshToken,
      assistant.accessToken,
      assistant.refreshToken,
    ]) {
      expect(everything.includes(secret)).toBe(false);
    }
    expect(everything).not.toMatch(/keyHash|passwordHash|tokenHash|codeHash|webhookSecret/);
  });

  it('holds only the caller: another person exports their own data, a guest and an API key get nothing', async () => {
    const { owner, jobId } = await busyPerson();
    const other = await person();
    const response = await exportData(other.token);
    expect(response.statusCode).toBe(200);
    const files = await readZip(response.rawPayload);
    expect(json(files, 'profile.json').id).toBe(other.id);
    expect(json(files, 'jobs.json')).toEqual([]);
    const everything = [...files.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    expect(everything).not.toContain(owner.id);
    expect(everything).not.toContain(owner.email);
    expect(everything).not.toContain(jobId);

    expect((await t.app.inject({ method: 'POST', url: '/api/v1/user/me/export' })).statusCode).toBe(401);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/me/export',
      headers: bearer(owner.token),
      payload: { userId: other.id },
    });
    expect(extra.statusCode).toBe(400);
    const key = await generateKey(t.app, owner.token);
    const byKey = await t.app.inject({ method: 'POST', url: '/api/v1/user/me/export', headers: xApiKey(key.apiKey) });
    expect(byKey.statusCode).toBe(403);
  });

  it('builds one archive when two requests arrive at once', async () => {
    const someone = await person();
    const statuses = (await Promise.all([exportData(someone.token), exportData(someone.token)])).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([200, 429]);
  });

  it('allows one archive per 10 minutes, then another', async () => {
    const someone = await person();
    expect((await exportData(someone.token)).statusCode).toBe(200);
    const again = await exportData(someone.token);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(accountDataMessages.exportTooSoon(DATA_EXPORT_COOLDOWN_MINUTES));
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    now = new Date(now.getTime() + DATA_EXPORT_COOLDOWN_MINUTES * 60_000 + 1000);
    try {
      expect((await exportData(someone.token)).statusCode).toBe(200);
    } finally {
      now = new Date();
    }
  });
});

describe('POST /user/me/delete', () => {
  it('refuses a missing or wrong password and changes nothing', async () => {
    const { owner, key } = await busyPerson();
    expect((await deleteAccount(owner.token, {})).json().message).toBe(accountDataMessages.passwordRequired);
    const wrong = await deleteAccount(owner.token, { password: 'not-my-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(accountDataMessages.passwordIncorrect);
    expect((await deleteAccount(owner.token, { password: 42 })).statusCode).toBe(400);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(owner.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: owner.email, firstName: 'Grace' });
    const byKey = await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: xApiKey(key.apiKey) });
    expect(byKey.statusCode).toBe(200);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.userId, owner.id))).toHaveLength(1);
  });

  it('erases the person at once, removes their files and keeps the accounting rows', async () => {
    const db = t.database.db;
    const { owner, key, assistant, order, output, upload, avatarPath } = await busyPerson();
    expect(existsSync(avatarPath)).toBe(true);
    await db.insert(userIdentities).values({ userId: owner.id, provider: 'google', providerUserId: `sub-${owner.id}`, email: owner.email });
    const ledgerBefore = await db.select().from(creditLedger).where(eq(creditLedger.userId, owner.id));
    const balanceBefore = await expectLedgerInvariant(db, owner.id);
    expect(await t.app.storage.exists(output.storageKey)).toBe(true);

    const response = await deleteAccount(owner.token, { password: VALID_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(accountDataMessages.deleted);
    expect(response.headers['set-cookie']).toMatch(/refreshToken=;/);

    // Tokens, refresh tokens, keys and sign-in stop now.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(owner.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: xApiKey(key.apiKey) })).statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: owner.refreshToken } });
    expect(refreshed.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.email, password: VALID_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect((await db.select().from(authSessions).where(eq(authSessions.userId, owner.id))).every((row) => row.revokedAt !== null)).toBe(
      true,
    );

    // Personal fields erased; the row stays as a tombstone that cannot sign in.
    const [row] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({
      firstName: 'Deleted',
      lastName: 'user',
      email: deletedEmailFor(owner.id),
      passwordHash: null,
      profileImage: null,
    });
    expect(row!.suspendedAt).not.toBeNull();
    const [keyRow] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(keyRow!.status).toBe('revoked');
    // Connected assistants: their grants and tokens are gone, and their token stops working.
    expect(await db.select().from(oauthGrants).where(eq(oauthGrants.userId, owner.id))).toEqual([]);
    const mcp = await t.app.inject({ method: 'POST', url: '/mcp', headers: bearer(assistant.accessToken), payload: {} });
    expect(mcp.statusCode).toBe(401);

    // Files gone from storage, results, uploads, posts, newsletter gone from the database.
    expect(await t.app.storage.exists(output.storageKey)).toBe(false);
    expect(await t.app.storage.exists(upload.storageKey)).toBe(false);
    expect(existsSync(avatarPath)).toBe(false);
    expect(await db.select().from(jobs).where(eq(jobs.userId, owner.id))).toEqual([]);
    expect(await db.select().from(uploads).where(eq(uploads.userId, owner.id))).toEqual([]);
    expect(await db.select().from(communityPosts).where(eq(communityPosts.userId, owner.id))).toEqual([]);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, owner.email))).toEqual([]);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, owner.id))).toEqual([]);
    expect(await db.select().from(autoTopUpSettings).where(eq(autoTopUpSettings.userId, owner.id))).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email))).toEqual([]);
    const events = await db.select().from(securityEvents).where(eq(securityEvents.userId, owner.id));
    expect(events.map((event) => event.type)).toEqual(['account_deleted']);

    // Accounting stays: the ledger, the order, balance = sum(ledger).
    const ledgerAfter = await db.select().from(creditLedger).where(eq(creditLedger.userId, owner.id));
    expect(ledgerAfter.map((entry) => entry.id).sort()).toEqual(ledgerBefore.map((entry) => entry.id).sort());
    expect(await expectLedgerInvariant(db, owner.id)).toBe(balanceBefore);
    const [orderRow] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow).toMatchObject({ userId: owner.id, status: 'paid', amountCents: 900 });

    // The address is free again.
    const again = await registerUser(t.app, { email: owner.email });
    expect(again.user.id).not.toBe(owner.id);
    expect(again.user.email).toBe(owner.email);
  });

  it('confirms an account without a password by an e-mailed code', async () => {
    const someone = await person();
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, someone.id));
    expect((await deleteAccount(someone.token, { password: VALID_PASSWORD })).json().message).toBe(accountDataMessages.codeRequired);

    const sent = await t.app.inject({ method: 'POST', url: '/api/v1/user/me/delete/code', headers: bearer(someone.token) });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ email: someone.email, retryAfterSeconds: null });
    const code = codeIn(await latestMail(t.app, someone.email, 'account_deletion'));
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await deleteAccount(someone.token, { code: wrongCode })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(someone.token) })).statusCode).toBe(200);

    const deleted = await deleteAccount(someone.token, { code });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(someone.token) })).statusCode).toBe(401);
  });

  it('asks to cancel a running subscription first (409), and deletes once it is set to end', async () => {
    const db = t.database.db;
    const someone = await person();
    const [plan] = await db.select().from(subscriptionPlans).limit(1);
    const [subscription] = await db
      .insert(subscriptions)
      .values({ userId: someone.id, planId: plan!.id, provider: 'stripe', testMode: true, status: 'active' })
      .returning();
    const refused = await deleteAccount(someone.token, { password: VALID_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(accountDataMessages.activeSubscription);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(someone.token) })).statusCode).toBe(200);

    await db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, subscription!.id));
    expect((await deleteAccount(someone.token, { password: VALID_PASSWORD })).statusCode).toBe(200);
  });

  it('keeps the last admin: 409, and the admin still works', async () => {
    const adminToken = await adminAccessToken(t.app);
    const response = await deleteAccount(adminToken, { password: TEST_ADMIN_PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(accountDataMessages.lastAdmin);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: bearer(adminToken) })).statusCode).toBe(200);

    // With another admin who can sign in, an admin may go; the tombstone is no admin.
    const second = await person();
    await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, second.id));
    expect((await deleteAccount(second.token, { password: VALID_PASSWORD })).statusCode).toBe(200);
    const [tombstone] = await t.database.db.select().from(users).where(eq(users.id, second.id));
    expect(tombstone!.role).toBe('USER');
    expect((await deleteAccount(adminToken, { password: TEST_ADMIN_PASSWORD })).statusCode).toBe(409);
  });
});
