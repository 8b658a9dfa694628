import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Job, JobListItem } from '@lumen/core/jobs/schemas';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, noisePng, salesPilotJob, submitJob, uploadFile, waitForJob } from '../../test/job-helpers.ts';
import { creditLedger } from '../credits/tables.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { failJob } from './job-outcome.ts';
import { jobProviders } from '../providers/index.ts';
import { fakeEngine, fakeRegistry } from '../../test/fake-engines.ts';
import { jobs } from './tables.ts';

class TransientError extends Error {
  readonly transient = true;
}

let t: TestApp;
let failOnce = 0;

beforeAll(async () => {
  t = await buildTestApp({
    jobs: {
      runWorker: true,
      worker: { ...fastWorker, timeoutMs: { speedpainting: 150 } },
      engines: fakeRegistry(
        {},
        {
          speedpainting: fakeEngine('speedpainting', { delayMs: 5_000 }),
          'sound-generator': fakeEngine('sound-generator', { fail: new Error('synthesiser exploded') }),
          'image-generator': {
            ...fakeEngine('image-generator'),
            async run(input, context) {
              if (failOnce > 0) {
                failOnce -= 1;
                throw new TransientError('provider busy');
              }
              return fakeEngine('image-generator').run(input, context);
            },
          },
        },
      ),
    },
  });
});
afterAll(async () => t.close());

async function userWith(balance: number) {
  const user = await registerUser(t.app);
  await setBalance(t.database.db, user.user.id, balance);
  return { token: user.accessToken, id: user.user.id };
}

describe('GET /services', () => {
  it('lists the six services with cost, inputs and engine; usesLeft only when signed in', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/v1/services' });
    expect(guest.statusCode).toBe(200);
    const services = guest.json().data as { key: string; cost: number; usesLeft?: number }[];
    expect(services.map((service) => service.key)).toEqual([
      'ai-background',
      'image-generator',
      'virtual-try-on',
      'speedpainting',
      'sales-pilot',
      'sound-generator',
    ]);
    expect(services.find((service) => service.key === 'speedpainting')?.cost).toBe(5);
    expect(services.every((service) => service.usesLeft === undefined)).toBe(true);
    const user = await userWith(7);
    const signedIn = (await t.app.inject({ method: 'GET', url: '/api/v1/services', headers: bearer(user.token) })).json().data as {
      key: string;
      usesLeft?: number | null;
    }[];
    expect(signedIn.find((service) => service.key === 'sound-generator')?.usesLeft).toBe(3);
  });
});

describe('POST /jobs', () => {
  it('runs a job to success: charged once, outputs with preview links, SSE ends with the final status', async () => {
    const user = await userWith(3);
    const created = await submitJob(t.app, user.token, salesPilotJob);
    expect(created.statusCode).toBe(201);
    const job = created.json().data as Job;
    expect(job).toMatchObject({ service: 'sales-pilot', cost: 1, refunded: false, engine: { kind: 'builtin', label: 'Test engine' } });
    const events = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}/events`, headers: bearer(user.token) });
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toContain('text/event-stream');
    const frames = events.body.split('\n\n').filter((frame) => frame.startsWith('event: job'));
    const last = JSON.parse(frames.at(-1)!.split('data: ')[1]!) as Job;
    expect(last.status).toBe('succeeded');
    expect(last.outputs).toHaveLength(1);
    expect(last.outputs[0]!.previewUrl).toMatch(/^\/api\/v1\/files\//);
    expect(last.canDownload).toBe(false);
    expect(last.summary).toEqual({ fake: true });
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(2);
  });

  it('refuses with 402 and meta {balance, cost} when the balance is short, writing nothing', async () => {
    const user = await userWith(1);
    const response = await submitJob(t.app, user.token, { service: 'speedpainting', params: {}, files: {} });
    // speedpainting needs an image: validation comes first
    expect(response.statusCode).toBe(400);
    const short = await submitJob(t.app, user.token, { service: 'sound-generator', params: { prompt: 'rain' } });
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({
      success: false,
      message: 'Insufficient credits: this needs 2 credits and your balance is 1',
      error: { code: 'INSUFFICIENT_CREDITS', meta: { balance: 1, cost: 2 } },
    });
    const rows = await t.database.db.select().from(jobs).where(eq(jobs.userId, user.id));
    expect(rows).toHaveLength(0);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(1);
  });

  it('validates params with the service schema (400 with details)', async () => {
    const user = await userWith(5);
    const response = await submitJob(t.app, user.token, { service: 'image-generator', params: { prompt: '', numberOfImages: 9 } });
    expect(response.statusCode).toBe(400);
    const fields = (response.json().error.details as { field: string }[]).map((issue) => issue.field);
    expect(fields).toEqual(expect.arrayContaining(['params.prompt', 'params.numberOfImages']));
    const unknown = await submitJob(t.app, user.token, { service: 'nope', params: {} });
    expect(unknown.statusCode).toBe(400);
  });

  it('honours Idempotency-Key: 10 concurrent identical requests make one job and one charge', async () => {
    const user = await userWith(20);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => submitJob(t.app, user.token, salesPilotJob, { 'idempotency-key': 'same-key-1' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((response) => (response.json().data as Job).id)).size).toBe(1);
    const rows = await t.database.db.select().from(jobs).where(eq(jobs.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(19);
  });

  it('refunds a job whose engine fails, once, even when the failure is reported twice', async () => {
    const user = await userWith(4);
    const job = (await submitJob(t.app, user.token, { service: 'sound-generator', params: { prompt: 'rain on a roof' } })).json()
      .data as Job;
    const done = await waitForJob(t.app, user.token, job.id);
    expect(done).toMatchObject({ status: 'failed', refunded: true });
    expect(done.error).toMatch(/could not process this job/);
    // Reported again (another worker, the sweeper, an admin): no second refund.
    await failJob(t.database.db, { jobId: job.id, message: 'again' }, jobProviders);
    await failJob(t.database.db, { jobId: job.id, message: 'and again' }, jobProviders);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    const refunds = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, `refund:${row!.chargeLedgerId}`));
    expect(refunds).toHaveLength(1); // keyed by the charge
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger.filter((row) => row.kind === 'job_refund')).toHaveLength(1);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(4);
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}`, headers: bearer(user.token) });
    expect(again.json().data.error).toMatch(/could not process this job/);
  });

  it('stops a job that runs past its service timeout, fails it with a clear message and refunds it', async () => {
    const user = await userWith(5);
    const upload = (await uploadFile(t.app, user.token, { name: 'p.png', type: 'image/png', data: await noisePng() })).json().data;
    const job = (await submitJob(t.app, user.token, { service: 'speedpainting', params: {}, files: { image: upload.id } })).json()
      .data as Job;
    const done = await waitForJob(t.app, user.token, job.id);
    expect(done).toMatchObject({ status: 'failed', refunded: true });
    expect(done.error).toMatch(/took longer than \d+ seconds and was stopped/);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(5);
  });

  it('retries transient engine errors with backoff, then succeeds without a refund', async () => {
    const user = await userWith(2);
    failOnce = 2;
    const job = (await submitJob(t.app, user.token, { service: 'image-generator', params: { prompt: 'a red fox' } })).json().data as Job;
    const done = await waitForJob(t.app, user.token, job.id);
    expect(done).toMatchObject({ status: 'succeeded', refunded: false });
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.attempts).toBe(3);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(1);
  });
});

describe('reading, deleting, retrying and downloading', () => {
  it('lists the library with filters, hides other users’ jobs (404) and lets admins read them', async () => {
    const owner = await userWith(10);
    const other = await userWith(10);
    const job = (await submitJob(t.app, owner.token, salesPilotJob)).json().data as Job;
    await waitForJob(t.app, owner.token, job.id);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs?service=sales-pilot&status=succeeded&limit=5',
      headers: bearer(owner.token),
    });
    expect(list.json().data).toMatchObject({ total: 1, page: 1, limit: 5, totalPages: 1 });
    for (const url of [
      `/api/v1/jobs/${job.id}`,
      `/api/v1/jobs/${job.id}/events`,
      `/api/v1/jobs/${job.id}/outputs/${job.id}/download`,
      `/api/v1/jobs/${job.id}/download`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(other.token) })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/jobs/${job.id}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/jobs/${job.id}/retry`, headers: bearer(other.token) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(other.token) })).json().data.total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}` })).statusCode).toBe(401);
    const admin = await adminAccessToken(t.app);
    const asAdmin = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}`, headers: bearer(admin) });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data.canDownload).toBe(true);
    const outputId = (asAdmin.json().data as Job).outputs[0]!.id;
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${job.id}/outputs/${outputId}/download`,
      headers: bearer(admin),
    });
    expect(download.statusCode).toBe(200);
  });

  it('finds jobs by tool and by words of their prompt or pasted text (any case, % and _ taken literally)', async () => {
    const owner = await userWith(20);
    const other = await userWith(10);
    const bodies = [
      { service: 'image-generator', params: { prompt: 'A Lighthouse on a cliff at dusk' } },
      { service: 'image-generator', params: { prompt: 'a red fox in the snow' } },
      { service: 'image-generator', params: { prompt: 'lighthouse keeper, 100% cozy' } },
      salesPilotJob,
    ];
    for (const body of bodies) expect((await submitJob(t.app, owner.token, body)).statusCode).toBe(201);
    expect((await submitJob(t.app, other.token, bodies[0]!)).statusCode).toBe(201);
    const find = async (query: string, token = owner.token) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/jobs?${query}`, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data.items as JobListItem[]).map((item) => item.params.prompt ?? item.params.text);
    };
    expect(await find('search=LIGHTHOUSE')).toEqual(['lighthouse keeper, 100% cozy', 'A Lighthouse on a cliff at dusk']);
    expect(await find(`search=${encodeURIComponent('100%')}`)).toEqual(['lighthouse keeper, 100% cozy']);
    expect(await find(`search=${encodeURIComponent('1_0')}`)).toEqual([]);
    expect(await find('search=price%20is%20too%20high')).toEqual([salesPilotJob.params.text]);
    expect(await find('search=fox&service=image-generator')).toEqual(['a red fox in the snow']);
    expect(await find('search=fox&service=sales-pilot')).toEqual([]);
    expect(await find('search=lighthouse', other.token)).toEqual(['A Lighthouse on a cliff at dusk']);
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/v1/jobs?search=${'x'.repeat(201)}`, headers: bearer(owner.token) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('search must be at most 200 characters');
  });

  it('lists each job with its first input: a signed preview of a picture, the name of a transcript, null for text', async () => {
    const owner = await userWith(10);
    const photo = (await uploadFile(t.app, owner.token, { name: 'portrait.png', type: 'image/png', data: await noisePng() })).json().data;
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:04.000\nAnna: How does your team handle quotes today, and how long does one take?\n';
    const transcript = (
      await uploadFile(t.app, owner.token, { name: 'call.vtt', type: 'text/vtt', data: Buffer.from(vtt) }, { purpose: 'transcript' })
    ).json().data;
    const submitted = await Promise.all(
      [
        { service: 'ai-background', params: { mode: 'transparent' }, files: { image: photo.id } },
        { service: 'sales-pilot', params: {}, files: { transcript: transcript.id } },
        salesPilotJob,
      ].map(async (body) => (await submitJob(t.app, owner.token, body)).json().data as Job),
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/jobs?limit=10', headers: bearer(owner.token) });
    const inputOf = (id: string) => (list.json().data.items as JobListItem[]).find((item) => item.id === id)?.input;
    const [background, fromFile, fromText] = submitted.map((job) => inputOf(job.id));
    expect(background).toEqual({ name: 'portrait.png', previewUrl: expect.stringMatching(/\/api\/v1\/files\/[^/]+$/) });
    const preview = await t.app.inject({ method: 'GET', url: new URL(background!.previewUrl!, 'http://localhost').pathname });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(fromFile).toEqual({ name: 'call.vtt', previewUrl: null });
    expect(fromText).toBeNull();
  });

  it('download: 403 without a purchase, a signed attachment link after one; Range, tamper and expiry', async () => {
    const user = await userWith(5);
    const job = (await submitJob(t.app, user.token, salesPilotJob)).json().data as Job;
    const done = await waitForJob(t.app, user.token, job.id);
    const output = done.outputs[0]!;
    const url = `/api/v1/jobs/${job.id}/outputs/${output.id}/download`;
    const refused = await t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'Downloads are available once you have purchased credits',
      error: { code: 'FORBIDDEN' },
    });

    // The preview is always readable through its signed link.
    const preview = await t.app.inject({ method: 'GET', url: output.previewUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toBe('preview');

    const primaryUrl = `/api/v1/jobs/${job.id}/download`;
    const primaryRefused = await t.app.inject({ method: 'GET', url: primaryUrl, headers: bearer(user.token) });
    expect(primaryRefused.statusCode).toBe(403);

    await grantCredits(t.database.db, { userId: user.id, amount: 20, kind: 'purchase', idempotencyKey: `order:test-${user.id}` });
    const allowed = await t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
    expect(allowed.statusCode).toBe(200);
    const primary = await t.app.inject({ method: 'GET', url: primaryUrl, headers: bearer(user.token) });
    expect(primary.statusCode).toBe(200);
    const primaryFile = await t.app.inject({ method: 'GET', url: (primary.json().data as { url: string }).url });
    expect(primaryFile.headers['content-disposition']).toContain('attachment; filename="sales-pilot-result.txt"');
    const link = allowed.json().data as { url: string; expiresAt: string };
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}`, headers: bearer(user.token) })).json().data.canDownload,
    ).toBe(true);

    const file = await t.app.inject({ method: 'GET', url: link.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment; filename="sales-pilot-result.txt"');
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['cache-control']).toContain('private');
    expect(Number(file.headers['content-length'])).toBe(output.size);

    const partial = await t.app.inject({ method: 'GET', url: link.url, headers: { range: 'bytes=10-19' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 10-19/${output.size}`);
    expect(partial.body).toHaveLength(10);
    const outside = await t.app.inject({ method: 'GET', url: link.url, headers: { range: `bytes=${output.size + 5}-` } });
    expect(outside.statusCode).toBe(416);

    const token = link.url.split('/').at(-1)!;
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), e: 9_999_999_999 })).toString(
      'base64url',
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/files/${forged}.${signature}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/files/${payload}.${signature!.slice(0, -2)}xx` })).statusCode).toBe(403);
    const expired = t.app.fileLinks.sign({ key: 'jobs/x/y', contentType: 'text/plain', disposition: 'inline' }, -1);
    expect((await t.app.inject({ method: 'GET', url: expired.url })).statusCode).toBe(403);
  });

  it('deletes a finished job and its files (409 while queued); retry makes a new charged job', async () => {
    const user = await userWith(3);
    const job = (await submitJob(t.app, user.token, salesPilotJob)).json().data as Job;
    const done = await waitForJob(t.app, user.token, job.id);
    const retried = await t.app.inject({ method: 'POST', url: `/api/v1/jobs/${job.id}/retry`, headers: bearer(user.token) });
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data.id).not.toBe(job.id);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(1);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/jobs/${job.id}`, headers: bearer(user.token) });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: done.outputs[0]!.previewUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}`, headers: bearer(user.token) })).statusCode).toBe(404);
  });
});
