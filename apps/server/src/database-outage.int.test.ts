import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from './app.ts';
import { createDatabase } from './db/database.ts';
import type { Database } from './db/database.ts';
import { creditLedger } from './modules/credits/tables.ts';
import { jobs } from './modules/jobs/tables.ts';
import { fakeRegistry } from './test/fake-engines.ts';
import { seededPackage, verifiedBuyer } from './test/card-helpers.ts';
import { orders } from './modules/payments/orders/tables.ts';
import { users } from './modules/users/tables.ts';
import { buildTestApp } from './test/build-test-app.ts';
import type { TestApp } from './test/build-test-app.ts';
import { expectLedgerInvariant } from './test/credit-helpers.ts';
import { salesPilotJob, submitJob } from './test/job-helpers.ts';
import { startTcpProxy } from './test/tcp-proxy.ts';
import type { TcpProxy } from './test/tcp-proxy.ts';

const OUTAGE_MS = Number(process.env.LUMEN_OUTAGE_MS ?? 3000);
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "PostgreSQL restarted under load", without restarting the PostgreSQL other processes share: the app
 * under test reaches its database through a loopback TCP proxy that drops every connection and refuses
 * new ones for a few seconds (decision 033). t.app (direct connection) checks the rows afterwards.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the database goes away under load and comes back', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let proxied: Database;
  let app: FastifyInstance;
  let closed = false;
  let proxiedUrl: string;

  beforeAll(async () => {
    t = await buildTestApp({ jobs: { runWorker: false, engines: fakeRegistry() } });
    const direct = new URL(t.databaseUrl!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    proxiedUrl = viaProxy.toString();
    proxied = await createDatabase({ databaseUrl: proxiedUrl, maxConnections: 5 });
    app = await buildApp({
      config: t.config,
      database: proxied,
      print: () => undefined,
      jobs: { runWorker: false, engines: fakeRegistry() },
    });
  });
  afterAll(async () => {
    if (!closed) {
      await app?.close();
      await proxied?.close();
    }
    await proxy?.close();
    await t?.close();
  });

  it('answers 503 with Retry-After during the outage, /ready says so, and service resumes with nothing half-written', async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, () => verifiedBuyer(app, t.database.db, 20)));
    const pack = await seededPackage(t.database.db);
    const statuses = new Map<string, number>();
    const unexpected: string[] = [];
    const note = (what: string, response: LightMyRequestResponse, allowed: number[]) => {
      const key = `${what} ${response.statusCode}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (!allowed.includes(response.statusCode)) unexpected.push(`${key}: ${response.body.slice(0, 300)}`);
      if (response.statusCode === 503) {
        const body = response.json();
        if (
          body.message !== 'The service is temporarily unavailable. Please try again in a moment.' ||
          body.error?.code !== 'SERVICE_UNAVAILABLE'
        ) {
          unexpected.push(`${what} 503 without the clear message: ${response.body}`);
        }
        if (response.headers['retry-after'] !== '5') unexpected.push(`${what} 503 without Retry-After`);
      }
    };

    // Each buyer loops: read the balance, submit a job, buy a package (create the order, pay by test card).
    let running = true;
    const load = buyers.map(async (buyer) => {
      while (running) {
        note(
          'GET /credits/balance',
          await app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: buyer.headers }),
          [200, 503],
        );
        note('POST /jobs', await submitJob(app, buyer.token, salesPilotJob), [201, 402, 503]);
        const intent = await app.inject({
          method: 'POST',
          url: '/api/v1/credits/purchase/stripe/create-payment-intent',
          headers: buyer.headers,
          payload: { packageId: pack.id },
        });
        note('POST create-payment-intent', intent, [200, 503]);
        if (intent.statusCode === 200) {
          const { clientSecret } = intent.json().data as { clientSecret: string };
          // 409: the order was paid by an attempt whose answer the outage swallowed.
          note(
            'POST test-mode/card/confirm',
            await app.inject({
              method: 'POST',
              url: '/api/v1/payment/test-mode/card/confirm',
              headers: buyer.headers,
              payload: { clientSecret, ...card },
            }),
            [200, 409, 503],
          );
        }
        await sleep(5);
      }
    });

    // The phases wait for what the load did, not for a time: on a loaded machine one round of a buyer's loop can take
    // longer than a second.
    const paidKey = 'POST test-mode/card/confirm 200';
    const untilSeen = async (key: string, atLeast: number, what: string) => {
      const deadline = Date.now() + 30_000;
      while ((statuses.get(key) ?? 0) < atLeast) {
        if (Date.now() > deadline) throw new Error(`the load never reached ${what}`);
        await sleep(50);
      }
    };
    await untilSeen(paidKey, 1, 'a paid purchase before the outage');
    proxy.cut();
    await sleep(300);
    const ready = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ success: false, message: 'The database is not reachable' });
    const balance = await app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: buyers[0]!.headers });
    expect(balance.statusCode, balance.body).toBe(503);
    expect(balance.headers['retry-after']).toBe('5');
    expect(balance.json()).toEqual({
      success: false,
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
    await sleep(OUTAGE_MS - 300);
    proxy.restore();

    // The same app and pool recover: /ready turns green, then every kind of request succeeds again.
    const deadline = Date.now() + 15_000;
    while ((await app.inject({ method: 'GET', url: '/api/v1/ready' })).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('/ready never recovered after the outage');
      await sleep(100);
    }
    await untilSeen(paidKey, (statuses.get(paidKey) ?? 0) + 1, 'a paid purchase after the outage');
    running = false;
    await Promise.all(load);
    expect(unexpected).toEqual([]);
    // The load saw both sides of the outage.
    expect(statuses.get('POST /jobs 201') ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((key) => key.endsWith(' 503')).length).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: buyers[0]!.headers })).statusCode).toBe(200);
    expect((await submitJob(app, buyers[0]!.token, salesPilotJob)).statusCode).toBe(201);
    // More transactions at once than the pool has clients: none was lost to the outage.
    const burst = await Promise.all(Array.from({ length: 20 }, () => submitJob(app, buyers[1]!.token, salesPilotJob)));
    expect(burst.map((response) => response.statusCode).filter((status) => status !== 201 && status !== 402)).toEqual([]);

    // Nothing half-written: every job has its charge and every charge its job; every paid order has
    // exactly one purchase row and every purchase row a paid order; balance = sum(ledger) for everyone.
    const db = t.database.db;
    expect(await db.select({ n: count() }).from(jobs).where(isNull(jobs.chargeLedgerId))).toEqual([{ n: 0 }]);
    const [charges] = await db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.kind, 'job_charge'));
    const [jobRows] = await db.select({ n: count() }).from(jobs);
    expect(charges!.n).toBe(jobRows!.n);
    const [purchases] = await db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.kind, 'purchase'));
    const [paid] = await db
      .select({ n: count(), credits: sql<number>`coalesce(sum(${orders.credits}), 0)::int` })
      .from(orders)
      .where(eq(orders.status, 'paid'));
    const [purchased] = await db
      .select({ credits: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.kind, 'purchase'));
    expect(purchases!.n).toBe(paid!.n);
    expect(purchased!.credits).toBe(paid!.credits);
    expect(paid!.n).toBeGreaterThan(0);
    for (const user of await db.select({ id: users.id }).from(users)) {
      if ((await db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, user.id)))[0]!.n > 0) {
        await expectLedgerInvariant(db, user.id);
      }
    }

    // Every pooled client came back: closing the pool finishes (it waits for checked-out clients).
    await app.close();
    const ended = await Promise.race([proxied.close().then(() => true), sleep(10_000).then(() => false)]);
    closed = true;
    expect(ended, 'a pooled client was never released after the outage').toBe(true);
  }, 60_000);

  it('a transaction whose BEGIN meets a dropped connection gives its pooled client back', async () => {
    const single = await createDatabase({ databaseUrl: proxiedUrl, maxConnections: 1 });
    try {
      await single.db.execute(sql`select 1`); // the pool's one client, idle
      proxy.cut(); // the pool has not noticed yet when the transaction takes that client and sends BEGIN
      await expect(single.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      proxy.restore();
      const answered = await Promise.race([
        single.db.transaction(async (tx) => tx.execute(sql`select 1`)).then(() => true),
        sleep(5_000).then(() => false),
      ]);
      expect(answered, 'the only pooled client was never released').toBe(true);
    } finally {
      proxy.restore();
      await Promise.race([single.close(), sleep(2_000)]);
    }
  });
});
