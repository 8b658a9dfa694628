import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminJobDetailSchema, paginatedAdminJobsSchema } from '@lumen/core/jobs/schemas';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser, uniqueEmail } from '../../test/http-helpers.ts';
import { findCreditAccount } from '../credits/credits.repository.ts';
import { failJob } from './job-outcome.ts';
import { jobProviders } from '../providers/index.ts';
import { jobs, uploads } from './tables.ts';
import { auditRows, seedJob } from '../../test/admin-seed.ts';

let t: TestApp;
let admin: string;
let user: { id: string; token: string };
let other: { id: string; token: string };

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(token ? bearer(token) : {}), 'user-agent': 'vitest-admin' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const balanceOf = async (userId: string) => (await findCreditAccount(t.database.db, userId))!.balance;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAccessToken(t.app);
  const a = await registerUser(t.app, { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('grace') });
  const b = await registerUser(t.app, { firstName: 'Alan', lastName: 'Turing', email: uniqueEmail('alan') });
  user = { id: a.user.id, token: a.accessToken };
  other = { id: b.user.id, token: b.accessToken };
  await setBalance(t.database.db, user.id, 50);
  await setBalance(t.database.db, other.id, 50);
});
afterAll(async () => {
  await t?.close();
});

describe('authorization', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes: Array<[Method, string, unknown?]> = [
    ['GET', '/admin/jobs'],
    ['GET', '/admin/jobs?status=nonsense'],
    ['GET', `/admin/jobs/${id}`],
    ['POST', `/admin/jobs/${id}/retry`],
    ['POST', `/admin/jobs/not-an-id/refund`],
    ['GET', '/admin/try-on/models'],
    ['POST', '/admin/try-on/garments', { name: '' }],
    ['PUT', `/admin/try-on/models/${id}`, { bogus: true }],
    ['GET', '/admin/try-on/statistics'],
    ['GET', '/admin/introduction-dialogs'],
    ['PUT', '/admin/introduction-dialogs/sales-pilot', { title: '' }],
  ];
  it.each(routes)('%s %s: 401 for a guest, 403 for a user, before any validation', async (method, url, payload) => {
    const guest = await call(method, url, undefined, payload);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    const signedIn = await call(method, url, user.token, payload);
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
  });
});

describe('GET /admin/jobs', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const db = t.database.db;
    ids = {
      old: (
        await seedJob(db, user.id, {
          service: 'sound-generator',
          status: 'succeeded',
          cost: 2,
          createdAt: new Date('2026-01-10T12:00:00Z'),
        })
      ).id,
      failed: (await seedJob(db, user.id, { service: 'image-generator', status: 'failed', createdAt: new Date('2026-02-01T08:00:00Z') }))
        .id,
      otherQueued: (
        await seedJob(db, other.id, { service: 'image-generator', status: 'queued', createdAt: new Date('2026-02-02T23:59:00Z') })
      ).id,
      otherSucceeded: (
        await seedJob(db, other.id, { service: 'sales-pilot', status: 'succeeded', createdAt: new Date('2026-02-03T00:00:00Z') })
      ).id,
    };
  });
  const list = async (query: string) => {
    const response = await call('GET', `/admin/jobs?limit=100&from=2026-01-01&to=2026-03-01${query}`, admin);
    expect(response.statusCode).toBe(200);
    return paginatedAdminJobsSchema.parse(response.json().data);
  };

  it('lists everyone’s jobs newest first with their owner', async () => {
    const page = await list('');
    expect(page.items.map((job) => job.id)).toEqual([ids.otherSucceeded, ids.otherQueued, ids.failed, ids.old]);
    expect(page.items[3]).toMatchObject({ service: 'sound-generator', cost: 2, user: { id: user.id, name: 'Grace Hopper' } });
    expect(page.items[3]!.user.email).toMatch(/^grace-/);
  });

  it('filters by service, status, user and dates (the to date is inclusive)', async () => {
    expect((await list('&service=image-generator')).items.map((job) => job.id)).toEqual([ids.otherQueued, ids.failed]);
    expect((await list('&status=succeeded')).items.map((job) => job.id)).toEqual([ids.otherSucceeded, ids.old]);
    expect((await list(`&userId=${other.id}`)).items.map((job) => job.id)).toEqual([ids.otherSucceeded, ids.otherQueued]);
    const inFebruary = await call('GET', '/admin/jobs?from=2026-02-01&to=2026-02-02', admin);
    expect(paginatedAdminJobsSchema.parse(inFebruary.json().data).items.map((job) => job.id)).toEqual([ids.otherQueued, ids.failed]);
  });

  it('searches e-mail, name and the job id', async () => {
    expect((await list('&search=GRACE-')).items.map((job) => job.id)).toEqual([ids.failed, ids.old]);
    expect((await list('&search=alan%20turing')).items.map((job) => job.id)).toEqual([ids.otherSucceeded, ids.otherQueued]);
    expect((await list(`&search=${ids.failed}`)).items.map((job) => job.id)).toEqual([ids.failed]);
    expect((await list('&search=%25')).items).toEqual([]);
  });

  it('paginates', async () => {
    const response = await call('GET', '/admin/jobs?limit=1&page=2&from=2026-01-01&to=2026-03-01', admin);
    const page = paginatedAdminJobsSchema.parse(response.json().data);
    expect(page).toMatchObject({ page: 2, limit: 1, total: 4, totalPages: 4 });
    expect(page.items.map((job) => job.id)).toEqual([ids.otherQueued]);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['status=done', 'service=nope', 'userId=abc', 'from=yesterday', 'limit=0']) {
      expect((await call('GET', `/admin/jobs?${query}`, admin)).statusCode).toBe(400);
    }
  });
});

describe('GET /admin/jobs/{id}', () => {
  it('shows the inputs, timings, attempts and ledger entries', async () => {
    const db = t.database.db;
    const [upload] = await db
      .insert(uploads)
      .values({
        userId: user.id,
        purpose: 'image',
        name: 'me.png',
        contentType: 'image/png',
        size: 123,
        width: 80,
        height: 90,
        storageKey: `uploads/${user.id}/x`,
      })
      .returning();
    const job = await seedJob(db, user.id, {
      service: 'virtual-try-on',
      cost: 2,
      status: 'succeeded',
      createdAt: new Date('2026-03-01T10:00:00Z'),
      startedAt: new Date('2026-03-01T10:00:02Z'),
      finishedAt: new Date('2026-03-01T10:00:07Z'),
      files: {
        person: { source: 'upload', id: upload!.id },
        garment: { source: 'try-on-garment', id: '00000000-0000-4000-8000-000000000001' },
      },
    });
    const response = await call('GET', `/admin/jobs/${job.id}`, admin);
    expect(response.statusCode).toBe(200);
    const detail = adminJobDetailSchema.parse(response.json().data);
    expect(detail.inputs).toEqual([expect.objectContaining({ id: upload!.id, field: 'person', name: 'me.png', width: 80 })]);
    expect(detail.inputs[0]!.previewUrl).toMatch(/^\/api\/v1\/files\//);
    expect(detail.timings).toEqual({ queuedMs: 2000, runningMs: 5000, heartbeatAt: null });
    expect(detail.durationMs).toBe(5000);
    expect(detail.ledgerEntries).toEqual([expect.objectContaining({ kind: 'job_charge', amount: -2 })]);
    expect(detail.user.id).toBe(user.id);
    expect((await call('GET', '/admin/jobs/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    expect((await call('GET', '/admin/jobs/abc', admin)).statusCode).toBe(400);
  });
});

describe('POST /admin/jobs/{id}/refund', () => {
  it('refunds a finished job once; the second time is a 409 and nothing moves', async () => {
    const db = t.database.db;
    const job = await seedJob(db, other.id, { service: 'speedpainting', cost: 5, status: 'succeeded' });
    const before = await balanceOf(other.id);
    const first = await call('POST', `/admin/jobs/${job.id}/refund`, admin);
    expect(first.statusCode).toBe(200);
    const detail = adminJobDetailSchema.parse(first.json().data);
    expect(detail.refunded).toBe(true);
    expect(detail.ledgerEntries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['job_charge', -5],
      ['job_refund', 5],
    ]);
    expect(await balanceOf(other.id)).toBe(before + 5);

    const again = await Promise.all([
      call('POST', `/admin/jobs/${job.id}/refund`, admin),
      call('POST', `/admin/jobs/${job.id}/refund`, admin),
    ]);
    expect(again.map((response) => response.statusCode)).toEqual([409, 409]);
    expect(again[0]!.json().message).toBe('This job was already refunded');
    expect(await balanceOf(other.id)).toBe(before + 5);
    await expectLedgerInvariant(db, other.id);
    const audit = await auditRows(db, 'job.refund', job.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      targetType: 'job',
      before: expect.objectContaining({ refunded: false }),
      after: expect.objectContaining({ refunded: true }),
    });
  });

  it('refunds once under parallel requests', async () => {
    const job = await seedJob(t.database.db, other.id, { cost: 1, status: 'failed' });
    const before = await balanceOf(other.id);
    const responses = await Promise.all(Array.from({ length: 4 }, () => call('POST', `/admin/jobs/${job.id}/refund`, admin)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await balanceOf(other.id)).toBe(before + 1);
    expect(await auditRows(t.database.db, 'job.refund', job.id)).toHaveLength(1);
  });

  it('refuses a running job, a free job and an unknown job', async () => {
    const running = await seedJob(t.database.db, user.id, { status: 'running' });
    expect((await call('POST', `/admin/jobs/${running.id}/refund`, admin)).statusCode).toBe(409);
    const free = await seedJob(t.database.db, user.id, { service: 'ai-background', cost: 0, status: 'succeeded' });
    const response = await call('POST', `/admin/jobs/${free.id}/refund`, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This job was free: there is nothing to refund');
    expect((await call('POST', '/admin/jobs/00000000-0000-4000-8000-000000000000/refund', admin)).statusCode).toBe(404);
    expect(await auditRows(t.database.db, 'job.refund', running.id)).toHaveLength(0);
  });
});

describe('POST /admin/jobs/{id}/retry', () => {
  it('re-queues a failed, refunded job and charges it again (once), audited', async () => {
    const db = t.database.db;
    const job = await seedJob(db, user.id, { cost: 2, service: 'sound-generator', status: 'running', startedAt: new Date() });
    await failJob(db, { jobId: job.id, message: 'The engine broke' }, jobProviders);
    const before = await balanceOf(user.id);
    const response = await call('POST', `/admin/jobs/${job.id}/retry`, admin);
    expect(response.statusCode).toBe(200);
    const detail = adminJobDetailSchema.parse(response.json().data);
    expect(detail).toMatchObject({ status: 'queued', refunded: false, error: null, startedAt: null, finishedAt: null, attempts: 0 });
    expect(detail.ledgerEntries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['job_charge', -2],
      ['job_refund', 2],
      ['job_charge', -2],
    ]);
    expect(await balanceOf(user.id)).toBe(before - 2);
    await expectLedgerInvariant(db, user.id);
    expect(await auditRows(db, 'job.retry', job.id)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ status: 'failed', refunded: true }),
        after: expect.objectContaining({ status: 'queued', refunded: false }),
      }),
    ]);
    // Queued now: a second retry is refused and charges nothing.
    expect((await call('POST', `/admin/jobs/${job.id}/retry`, admin)).statusCode).toBe(409);
    expect(await balanceOf(user.id)).toBe(before - 2);
    // If it fails again, the new charge is refunded once.
    await t.database.db.update(jobs).set({ status: 'running' }).where(eq(jobs.id, job.id));
    await failJob(db, { jobId: job.id, message: 'Broke again' }, jobProviders);
    await failJob(db, { jobId: job.id, message: 'Broke again' }, jobProviders);
    expect(await balanceOf(user.id)).toBe(before);
    await expectLedgerInvariant(db, user.id);
  });

  it('a failed job that was not refunded goes back to the queue without a charge', async () => {
    const job = await seedJob(t.database.db, user.id, { cost: 1, status: 'failed' });
    const before = await balanceOf(user.id);
    const response = await call('POST', `/admin/jobs/${job.id}/retry`, admin);
    expect(response.statusCode).toBe(200);
    expect(adminJobDetailSchema.parse(response.json().data).ledgerEntries).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(before);
  });

  it('is a 409 when the balance cannot pay the refunded job again, and nothing changes', async () => {
    const db = t.database.db;
    const poor = await registerUser(t.app);
    await setBalance(db, poor.user.id, 5);
    const job = await seedJob(db, poor.user.id, { cost: 5, service: 'speedpainting', status: 'running' });
    await failJob(db, { jobId: job.id, message: 'The engine broke' }, jobProviders);
    await setBalance(db, poor.user.id, 3);
    const response = await call('POST', `/admin/jobs/${job.id}/retry`, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("The user's balance (3) cannot pay the 5 credits of this job again after its refund");
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.refundedAt).not.toBeNull();
    expect(await balanceOf(poor.user.id)).toBe(3);
    expect(await auditRows(db, 'job.retry', job.id)).toHaveLength(0);
  });

  it('refuses a succeeded job', async () => {
    const job = await seedJob(t.database.db, user.id, { status: 'succeeded' });
    const response = await call('POST', `/admin/jobs/${job.id}/retry`, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only a failed job can be retried');
  });
});
