import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@lumen/core/jobs/schemas';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, buildTestApp } from './test/build-test-app.ts';
import type { TestApp } from './test/build-test-app.ts';
import { setBalance } from './test/credit-helpers.ts';
import { VALID_PASSWORD, uniqueEmail } from './test/http-helpers.ts';
import { startLocalS3 } from './test/local-s3.ts';
import type { LocalS3 } from './test/local-s3.ts';
import { grantCredits } from './modules/credits/credits.service.ts';
import { listLedgerEntries } from './modules/credits/credits.repository.ts';
import { signedStripeEvent } from './test/card-helpers.ts';
import { orders } from './modules/payments/orders/tables.ts';
import { users } from './modules/users/tables.ts';
import { seedModels } from './modules/try-on/index.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Running = { child: ChildProcess; url: string; output: () => string };

/**
 * One process as production runs it: `npm run start:api` is server.ts with WORKER_ENABLED=false,
 * `npm run worker` is worker.ts. JSON logs on stdout tell the port it listened on (PORT=0).
 */
function startProcess(entry: 'src/server.ts' | 'src/worker.ts', env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not start in time:\n${output}`));
    }, 80_000);
    const onData = (data: Buffer) => {
      output += data.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      const workerUp = entry === 'src/worker.ts' && output.includes('job worker started');
      if (listening || workerUp) {
        clearTimeout(timer);
        resolvePromise({ child, url: listening?.[1] ?? '', output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}:\n${output}`));
    });
  });
}

async function stopProcess(running: Running | undefined): Promise<void> {
  if (!running || running.child.exitCode !== null) return;
  const exited = new Promise((resolvePromise) => running.child.once('exit', resolvePromise));
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function call(base: string, method: string, path: string, options: { token?: string; key?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'x-api-key': options.key } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: (text ? JSON.parse(text) : null) as { data?: unknown; message?: string } | null,
  };
}

async function isRedisUp(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

// Separate processes need a database they can all open: PostgreSQL (TEST_DATABASE_URL) and Redis.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes and one worker on one PostgreSQL database', () => {
  let t: TestApp;
  let s3: LocalS3;
  let first: Running | undefined;
  let second: Running | undefined;
  let worker: Running | undefined;
  let redisUp = false;
  const redisPrefix = `lumen-test-${randomBytes(6).toString('hex')}:`;
  const stripeWebhookSecret = `whsec_processes_${randomBytes(12).toString('hex')}`;

  beforeAll(async () => {
    redisUp = await isRedisUp();
    // Creates, migrates and seeds a fresh PostgreSQL database; the processes below only open it.
    t = await buildTestApp();
    s3 = await startLocalS3('lumen-processes');
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: t.databaseUrl!,
      DATA_DIR: t.config.dataDir,
      WEB_DIST_DIR: join(t.config.dataDir, 'no-web-dist'),
      JWT_SECRET: t.config.jwtSecret,
      ADMIN_EMAIL: TEST_ADMIN_EMAIL,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      // Stripe mode for the webhook check; nothing here calls Stripe's API (an unused closed port).
      STRIPE_SECRET_KEY: 'sk_test_processes',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_processes',
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      TRY_ON_CATALOGUE_SEED: 'true',
      ...(redisUp ? { REDIS_URL, REDIS_KEY_PREFIX: redisPrefix } : {}),
    };
    const started = await Promise.allSettled([
      startProcess('src/server.ts', { ...env, WORKER_ENABLED: 'false' }),
      startProcess('src/server.ts', { ...env, WORKER_ENABLED: 'false' }),
      startProcess('src/worker.ts', env),
    ]);
    // Keep whatever started, so afterAll stops it even when another one failed.
    [first, second, worker] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopProcess(first), stopProcess(second), stopProcess(worker)]);
    if (redisUp) {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    await s3?.close();
    await t?.close();
  }, 30_000);

  it('a job submitted through the first API process is run by the worker and seen, with its file, through the second', async () => {
    expect((await call(first!.url, 'GET', '/ready')).status).toBe(200);
    expect((await call(second!.url, 'GET', '/ready')).status).toBe(200);

    const registered = await call(first!.url, 'POST', '/auth/register', {
      body: { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('processes'), password: VALID_PASSWORD },
    });
    expect(registered.status).toBe(201);
    const { user, accessToken } = registered.json!.data as { user: { id: string }; accessToken: string };
    await setBalance(t.database.db, user.id, 5);

    const submitted = await call(first!.url, 'POST', '/jobs', {
      token: accessToken,
      body: {
        service: 'sales-pilot',
        params: { text: 'Seller: Hello, how are you today? Buyer: Fine, but the price is too high for us.' },
        files: {},
      },
    });
    expect(submitted.status).toBe(201);
    const jobId = (submitted.json!.data as Job).id;

    // Neither API process runs jobs (WORKER_ENABLED=false): only the worker process can finish it.
    let job: Job | null = null;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      job = (await call(second!.url, 'GET', `/jobs/${jobId}`, { token: accessToken })).json!.data as Job;
      if (job.status === 'succeeded' || job.status === 'failed') break;
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
    }
    expect(job?.status).toBe('succeeded');
    expect(worker!.output()).toContain(jobId);
    expect(first!.output()).not.toContain('"msg":"job started"');
    expect(second!.output()).not.toContain('"msg":"job started"');

    // The result file lives in the shared bucket: the second process serves its preview and its download.
    const output = job!.outputs[0]!;
    const preview = await fetch(`${second!.url}${output.previewUrl}`);
    expect(preview.status).toBe(200);
    await grantCredits(t.database.db, { userId: user.id, amount: 10, kind: 'purchase', idempotencyKey: `order:processes-${user.id}` });
    const link = await call(second!.url, 'GET', `/jobs/${jobId}/download`, { token: accessToken });
    expect(link.status).toBe(200);
    const redirect = await fetch(`${second!.url}${(link.json!.data as { url: string }).url}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const file = await fetch(redirect.headers.get('location')!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).length).toBe(output.size);
  }, 60_000);

  it('the worker, not an API process, adds the starter try-on catalogue to the fresh database', async () => {
    const registered = await call(first!.url, 'POST', '/auth/register', {
      body: { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('catalogue'), password: VALID_PASSWORD },
    });
    expect(registered.status).toBe(201);
    const { accessToken } = registered.json!.data as { accessToken: string };
    let models: unknown[] = [];
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      models = (await call(second!.url, 'GET', '/try-on/models', { token: accessToken })).json!.data as unknown[];
      if (models.length > 0) break;
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 200));
    }
    expect(models).toHaveLength(seedModels.length);
    expect(worker!.output()).toContain('seeded the try-on catalogue');
    for (const api of [first!, second!]) expect(api.output()).not.toContain('try-on catalogue');
  }, 60_000);

  it("an API key's rate limit is one window across both API processes (Redis)", async (context) => {
    if (!redisUp) context.skip();
    const registered = await call(second!.url, 'POST', '/auth/register', {
      body: { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('processes-key'), password: VALID_PASSWORD },
    });
    const { user, accessToken } = registered.json!.data as { user: { id: string }; accessToken: string };
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const generated = await call(first!.url, 'POST', '/api-keys/generate', {
      token: accessToken,
      body: { name: 'Shared limit', rateLimit: 6 },
    });
    expect(generated.status).toBe(201);
    const key = (generated.json!.data as { apiKey: string }).apiKey;

    // Six requests alternate between the processes; each sees the other's hits in RateLimit-Remaining.
    const remaining: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await call(index % 2 === 0 ? first!.url : second!.url, 'GET', '/credits/balance', { key });
      expect(response.status).toBe(200);
      remaining.push(response.headers.get('ratelimit-remaining') ?? '');
    }
    expect(remaining).toEqual(['5', '4', '3', '2', '1', '0']);
    for (const base of [first!.url, second!.url]) {
      const refused = await call(base, 'GET', '/credits/balance', { key });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.json!.message).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
    }
  }, 30_000);

  it('a purchase webhook delivered to both API processes at once credits the order once', async () => {
    const registered = await call(first!.url, 'POST', '/auth/register', {
      body: { firstName: 'Ada', lastName: 'Byron', email: uniqueEmail('processes-buyer'), password: VALID_PASSWORD },
    });
    const { user } = registered.json!.data as { user: { id: string } };
    const creditsBefore = (await listLedgerEntries(t.database.db, user.id)).reduce((sum, entry) => sum + entry.amount, 0);
    const paymentIntentId = `pi_processes_${randomBytes(8).toString('hex')}`;
    const [order] = await t.database.db
      .insert(orders)
      .values({
        userId: user.id,
        kind: 'credit_pack',
        description: 'Processes × 1',
        amountCents: 1900,
        credits: 120,
        provider: 'stripe',
        providerPaymentId: paymentIntentId,
      })
      .returning();
    const event = signedStripeEvent(stripeWebhookSecret, 'payment_intent.succeeded', {
      id: paymentIntentId,
      object: 'payment_intent',
      amount: 1900,
      amount_received: 1900,
      currency: 'usd',
      metadata: { orderId: order!.id },
    });
    // Stripe retries and redelivers: the same event lands on both processes several times at once.
    const deliveries = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        fetch(`${index % 2 === 0 ? first!.url : second!.url}/api/v1/webhooks/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
          body: event.payload,
        }).then((response) => response.status),
      ),
    );
    expect(deliveries).toEqual(Array(8).fill(200));
    const ledger = await listLedgerEntries(t.database.db, user.id);
    expect(ledger.filter((entry) => entry.kind === 'purchase')).toHaveLength(1);
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(creditsBefore + 120);
    const balance = await call(second!.url, 'GET', '/credits/balance', {
      token: (registered.json!.data as { accessToken: string }).accessToken,
    });
    expect(balance.json!.data).toMatchObject({ balance: creditsBefore + 120 });
  }, 30_000);
});
