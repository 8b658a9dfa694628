import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@lumen/core/jobs/schemas';
import { buildApp } from '../../app.ts';
import { buildTestApp, testConfig } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, salesPilotJob, submitJob, waitForJob } from '../../test/job-helpers.ts';
import { createDatabase } from '../../db/database.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { createJobEvents } from '../jobs/job-events.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { jobProviders } from '../providers/index.ts';
import { fakeEngine, fakeRegistry } from '../../test/fake-engines.ts';
import { orders } from '../payments/orders/tables.ts';
import { jobs } from '../jobs/tables.ts';
import { eq } from 'drizzle-orm';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample line `name{labels} value`; labels in any order. */
function sample(body: string, name: string, labels: Record<string, string>): number | null {
  for (const line of body.split('\n')) {
    const match = /^([a-z_:]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return null;
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metricsToken: TOKEN }, jobs: { runWorker: false, engines: fakeRegistry() } });
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('answers only the configured Bearer token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toContain('Bearer');
    expect(missing.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(`${TOKEN}x`) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);

    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('# TYPE lumen_http_request_duration_seconds histogram');
    expect(ok.body).toContain('lumen_process_cpu_user_seconds_total');
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const user = await registerUser(t.app);
    const id = randomUUID();
    for (let index = 0; index < 3; index += 1) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${randomUUID()}`, headers: bearer(user.accessToken) })).statusCode,
      ).toBe(404);
    }
    await t.app.inject({ method: 'GET', url: `/api/v1/no-such-route/${id}` });
    const body = await scrape();
    expect(
      sample(body, 'lumen_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/jobs/:id', status_code: '404' }),
    ).toBe(3);
    expect(sample(body, 'lumen_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(
      sample(body, 'lumen_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/v1/jobs/:id',
        status_code: '404',
        le: '+Inf',
      }),
    ).toBe(3);
    expect(body).not.toContain(id);
  });

  it('reports queue depth and recent job durations by service and outcome, read from the database', async () => {
    const user = await registerUser(t.app);
    await setBalance(t.database.db, user.user.id, 10);
    const worker = createJobWorker({
      providers: jobProviders,
      db: t.database.db,
      storage: t.app.storage,
      engines: fakeRegistry(),
      events: createJobEvents(),
      log: t.app.log,
      options: fastWorker,
    });
    const first = (await submitJob(t.app, user.accessToken, salesPilotJob)).json().data as Job;
    const second = (await submitJob(t.app, user.accessToken, salesPilotJob)).json().data as Job;
    let body = await scrape();
    expect(sample(body, 'lumen_jobs_queue_depth', { service: 'sales-pilot', status: 'queued' })).toBe(2);
    expect(sample(body, 'lumen_jobs_queue_depth', { service: 'speedpainting', status: 'queued' })).toBe(0);
    expect(sample(body, 'lumen_jobs_finished_recent', { service: 'sales-pilot', outcome: 'succeeded' })).toBe(0);

    // A worker (as `npm run worker` would be) runs them; this process's scrape sees the result.
    worker.start();
    for (const job of [first, second]) expect((await waitForJob(t.app, user.accessToken, job.id)).status).toBe('succeeded');
    await worker.stop();
    body = await scrape();
    expect(sample(body, 'lumen_jobs_queue_depth', { service: 'sales-pilot', status: 'queued' })).toBe(0);
    expect(sample(body, 'lumen_jobs_finished_recent', { service: 'sales-pilot', outcome: 'succeeded' })).toBe(2);
    const p95 = sample(body, 'lumen_job_duration_seconds', { service: 'sales-pilot', outcome: 'succeeded', quantile: '0.95' });
    expect(p95).not.toBeNull();
    expect(p95!).toBeGreaterThanOrEqual(0);
    expect(p95!).toBeLessThan(30);
    // The charges are credits spent; the admin top-up a grant.
    expect(sample(body, 'lumen_credits_spent_total', { kind: 'job_charge' })).toBe(2);
    expect(sample(body, 'lumen_credits_granted_total', { kind: 'admin_adjustment' })).toBeGreaterThan(0);

    // A job a hosted provider finished today counts towards the day's provider spend; no budget, none reached.
    await t.database.db
      .update(jobs)
      .set({ provider: 'fal', providerModel: 'fal-ai/flux/schnell', providerCostMicroUsd: 3000 })
      .where(eq(jobs.id, first.id));
    body = await scrape();
    expect(sample(body, 'lumen_provider_spend_today_usd', { provider: 'fal' })).toBeCloseTo(0.003);
    expect(body).toMatch(/^lumen_provider_budget_reached 0$/m);
  });

  it('reports orders by provider and status and credits granted by purchases', async () => {
    const user = await registerUser(t.app);
    const before = sample(await scrape(), 'lumen_credits_granted_total', { kind: 'purchase' }) ?? 0;
    await t.database.db.insert(orders).values([
      {
        userId: user.user.id,
        kind: 'credit_pack',
        description: 'Pro × 1',
        amountCents: 1900,
        credits: 100,
        provider: 'stripe',
        status: 'paid',
      },
      {
        userId: user.user.id,
        kind: 'credit_pack',
        description: 'Pro × 1',
        amountCents: 1900,
        credits: 100,
        provider: 'stripe',
        status: 'paid',
      },
      {
        userId: user.user.id,
        kind: 'credit_pack',
        description: 'Pro × 1',
        amountCents: 1900,
        credits: 100,
        provider: 'nowpayments',
        status: 'pending',
        testMode: true,
      },
    ]);
    await grantCredits(t.database.db, {
      userId: user.user.id,
      amount: 100,
      kind: 'purchase',
      idempotencyKey: `order:metrics-${user.user.id}`,
    });
    const body = await scrape();
    expect(sample(body, 'lumen_payment_orders', { provider: 'stripe', status: 'paid', test_mode: 'false' })).toBe(2);
    expect(sample(body, 'lumen_payment_orders', { provider: 'nowpayments', status: 'pending', test_mode: 'true' })).toBe(1);
    expect(sample(body, 'lumen_payment_orders_amount_cents', { provider: 'stripe', status: 'paid', currency: 'usd' })).toBe(3800);
    expect(sample(body, 'lumen_credits_granted_total', { kind: 'purchase' })).toBe(before + 100);
  });
});

describe('without METRICS_TOKEN', () => {
  it('/metrics does not exist', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

function captureLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('logs', () => {
  it("a job worker's lines about a job carry its id, service and attempt", async () => {
    const t = await buildTestApp({ jobs: { runWorker: false } });
    try {
      const user = await registerUser(t.app);
      await setBalance(t.database.db, user.user.id, 5);
      const job = (await submitJob(t.app, user.accessToken, salesPilotJob)).json().data as Job;
      const failing = (
        await submitJob(t.app, user.accessToken, { service: 'sound-generator', params: { prompt: 'rain on a tin roof' } })
      ).json().data as Job;
      const { lines, stream } = captureLines();
      const log = Fastify({ logger: { level: 'info', stream } }).log;
      const engines = fakeRegistry({}, { 'sound-generator': fakeEngine('sound-generator', { fail: new Error('synthesiser exploded') }) });
      const worker = createJobWorker({
        providers: jobProviders,
        db: t.database.db,
        storage: t.app.storage,
        engines,
        events: createJobEvents(),
        log,
        options: fastWorker,
      });
      worker.start();
      expect((await waitForJob(t.app, user.accessToken, job.id)).status).toBe('succeeded');
      expect((await waitForJob(t.app, user.accessToken, failing.id)).status).toBe('failed');
      await worker.stop();
      const about = (id: string) => lines.filter((line) => line.jobId === id).map((line) => line.msg);
      expect(about(job.id)).toEqual(['job started', 'job succeeded']);
      expect(about(failing.id)).toEqual(['job started', 'job failed']);
      expect(lines.find((line) => line.jobId === failing.id && line.msg === 'job failed')).toMatchObject({
        service: 'sound-generator',
        attempt: 1,
      });
      expect(lines.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('job ') && !line.jobId)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('every line logged while serving a request carries its request id', async () => {
    const { lines, stream } = captureLines();
    const database = await createDatabase({ pgliteDir: null });
    const config = testConfig('/tmp/lumen-metrics-logs-unused', { logLevel: 'info' });
    const app = await buildApp({ config, database, print: () => undefined, logger: { level: 'info', stream } });
    try {
      lines.length = 0;
      const requestId = 'req-log-test-0001';
      const refused = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
        headers: { 'x-request-id': requestId },
      });
      expect(refused.headers['x-request-id']).toBe(requestId);
      const own = lines.filter((line) => line.reqId === requestId);
      // One line per request, with its method, address, status and time.
      expect(own.filter((line) => line.msg === 'request completed')).toEqual([
        expect.objectContaining({
          method: 'POST',
          url: '/api/v1/auth/login',
          ip: '127.0.0.1',
          statusCode: 401,
          responseTime: expect.any(Number),
        }),
      ]);
      expect(own.some((line) => line.msg === 'incoming request')).toBe(false);
      expect(lines.every((line) => line.reqId === requestId)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('logs writes, refusals and failures at info, and quick successful reads only at debug', async () => {
    const database = await createDatabase({ pgliteDir: null });
    const config = testConfig('/tmp/lumen-metrics-logs-unused', { logLevel: 'info' });
    const completed = async (level: 'info' | 'debug') => {
      const { lines, stream } = captureLines();
      const app = await buildApp({ config, database, seed: level === 'info', print: () => undefined, logger: { level, stream } });
      try {
        lines.length = 0;
        await app.inject({ method: 'GET', url: '/api/v1/credits/packages' });
        await app.inject({ method: 'HEAD', url: '/api/v1/health' });
        await app.inject({ method: 'GET', url: '/api/v1/credits/balance' });
        await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
        });
        return lines
          .filter((line) => line.msg === 'request completed')
          .map((line) => ({ level: line.level, method: line.method, url: line.url, statusCode: line.statusCode }));
      } finally {
        await app.close();
      }
    };
    try {
      expect(await completed('info')).toEqual([
        { level: 30, method: 'GET', url: '/api/v1/credits/balance', statusCode: 401 },
        { level: 30, method: 'POST', url: '/api/v1/auth/login', statusCode: 401 },
      ]);
      expect(await completed('debug')).toEqual([
        { level: 20, method: 'GET', url: '/api/v1/credits/packages', statusCode: 200 },
        { level: 20, method: 'HEAD', url: '/api/v1/health', statusCode: 200 },
        { level: 30, method: 'GET', url: '/api/v1/credits/balance', statusCode: 401 },
        { level: 30, method: 'POST', url: '/api/v1/auth/login', statusCode: 401 },
      ]);
    } finally {
      await database.close();
    }
  });
});
