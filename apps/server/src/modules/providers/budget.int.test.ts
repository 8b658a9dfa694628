import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Job } from '@lumen/core/jobs/schemas';
import { providerHealthSchema, providerSpendMessages } from '@lumen/core/admin/providers';
import { createEngineRegistry, createProviderCircuits } from '@lumen/engines';
import { serveFal, startFakeServer } from '@lumen/engines/testing';
import type { FakeFalEndpoint, FakeServer } from '@lumen/engines/testing';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, submitJob, until } from '../../test/job-helpers.ts';
import { FAL_KEY, falEnginesConfig, startFakeFal } from '../../test/fake-fal-app.ts';
import { mailOutbox } from '../mail/tables.ts';
import { createJobEvents } from '../jobs/job-events.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { jobProviders } from './job-providers.ts';
import type { BudgetAlert } from '../jobs/index.ts';
import type { JobWorkerOptions } from '../jobs/job-worker.ts';
import { mailBudgetAlerts } from './budget-alerts.ts';
import { budgetLedger, createProviderBudgets, utcDayOf } from './budget.ts';
import { jobs } from '../jobs/tables.ts';
import { providerBudgetHolds } from './tables.ts';

/** fal FLUX.1 [schnell] at 4:3 (1024 × 768) is one megapixel: $0.003. */
const PRICE_MICRO_USD = 3000;
const SUBMISSIONS = 200;
/** The budget holds this many runs ($0.03: budgets are in whole cents). */
const FITS = 10;

let fal: Awaited<ReturnType<typeof startFakeFal>>;
let t: TestApp;
let token: string;
let userId: string;
let engines: ReturnType<typeof createEngineRegistry>;

const admin = async () => bearer(await adminAccessToken(t.app));
async function putSettings(change: Record<string, unknown>) {
  const headers = await admin();
  const current = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers })).json().data.settings;
  const response = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers, payload: { ...current, ...change } });
  expect(response.statusCode).toBe(200);
}

const worker = (options: Partial<JobWorkerOptions> = {}, registry = engines, unpricedReservationUsd?: number) =>
  createJobWorker({
    providers: jobProviders,
    db: t.database.db,
    storage: t.app.storage,
    engines: registry,
    events: createJobEvents(),
    log: t.app.log,
    options: { ...fastWorker, concurrency: { 'image-generator': 60 }, ...options },
    providerBudget: {
      unpricedReservationUsd,
      onAlert: mailBudgetAlerts({ db: t.database.db, mailer: () => t.app.mailer, log: t.app.log }),
    },
  });

/** Runs every queued job with `count` workers side by side (their reservations race), until none is left. */
async function runWorkers(count: number, registry = engines, unpricedReservationUsd?: number) {
  const workers = Array.from({ length: count }, () => worker({}, registry, unpricedReservationUsd));
  for (const each of workers) each.start();
  await Promise.all(workers.map((each) => each.idle()));
  await Promise.all(workers.map((each) => each.stop()));
}

const foxJob = { service: 'image-generator', params: { prompt: 'a red fox in the snow', aspectRatio: '4:3' }, files: {} };
const rowsOf = (ids: string[]) => t.database.db.select().from(jobs).where(inArray(jobs.id, ids));
const today = () => budgetLedger(t.database.db, utcDayOf(new Date()));
const alerts = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'provider_budget_alert'));

beforeAll(async () => {
  fal = await startFakeFal();
  // A long create timeout: 200 jobs in one process slow the fake down, and an unconfirmed create is not sent again.
  engines = createEngineRegistry(falEnginesConfig(fal.server, { requestTimeoutMs: 60_000 }), { pollIntervalMs: 20 });
  t = await buildTestApp({ jobs: { runWorker: false, engines } });
  const user = await registerUser(t.app);
  token = user.accessToken;
  userId = user.user.id;
});
afterAll(async () => {
  await t.close();
  await fal.server.close();
});
beforeEach(async () => {
  fal.server.requests.length = 0;
  fal.endpoint.endless = false;
  await t.database.db.delete(providerBudgetHolds);
});

describe('the daily provider budget holds under concurrency', () => {
  it(`lets ${SUBMISSIONS} parallel submissions against a budget for ${FITS} jobs send at most ${FITS} requests to the provider, and refunds the rest`, async () => {
    await setBalance(t.database.db, userId, 100_000);
    await putSettings({ dailyProviderSpendCapUsd: 0.03 });
    const responses = await Promise.all(Array.from({ length: SUBMISSIONS }, () => submitJob(t.app, token, foxJob)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(SUBMISSIONS).fill(201));
    const submitted = responses.map((response) => response.json().data as Job);
    const cost = submitted[0]!.cost;

    await runWorkers(4);

    const reached = fal.submissions().length;
    const rows = await rowsOf(submitted.map((job) => job.id));
    const succeeded = rows.filter((row) => row.status === 'succeeded');
    const refused = rows.filter((row) => row.status === 'failed');
    console.info(`provider budget: ${SUBMISSIONS} submissions, ${reached} reached the provider, ${refused.length} refused`, [
      ...new Set(refused.map((row) => row.error)),
    ]);
    expect(reached).toBe(FITS);
    expect(succeeded).toHaveLength(FITS);
    expect(refused).toHaveLength(SUBMISSIONS - FITS);
    for (const row of refused) {
      expect(row.error).toBe(providerSpendMessages.jobRefused);
      expect(row.refundedAt).not.toBeNull();
      expect(row.providerRequestId).toBeNull();
    }
    // Refused jobs were refunded: the user paid for the ones that ran.
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(100_000 - FITS * cost);
    // The ledger: the runs settled at their published price, nothing left reserved.
    expect(await today()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ scope: '*', spentMicroUsd: FITS * PRICE_MICRO_USD, reservedMicroUsd: 0, alertedPercent: 100 }),
        expect.objectContaining({ scope: 'fal', spentMicroUsd: FITS * PRICE_MICRO_USD, reservedMicroUsd: 0 }),
      ]),
    );
    // One e-mail per threshold and day to each admin, though every refusal reached 100 %.
    const mails = await alerts();
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      expect.stringMatching(/^Hosted AI budget at 80 %: the daily budget/),
      expect.stringMatching(/^Hosted AI budget used up: the daily budget/),
    ]);

    // The admin sees the day's spend from the ledger, and new submissions are refused before charging.
    const health = providerHealthSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/providers', headers: await admin() })).json().data,
    );
    expect(health.spend).toMatchObject({ todayMicroUsd: FITS * PRICE_MICRO_USD, reservedMicroUsd: 0, capReached: true });
    const late = await submitJob(t.app, token, foxJob);
    expect(late.statusCode).toBe(503);
    expect(late.json().message).toBe(providerSpendMessages.capReached);
  }, 180_000);

  it('claims 80 % and 100 % once each a day, however the parallel reservations that reach them finish', async () => {
    await setBalance(t.database.db, userId, 100_000);
    await putSettings({ dailyProviderSpendCapUsd: null });
    const submitted = await Promise.all(Array.from({ length: 12 }, () => submitJob(t.app, token, foxJob)));
    expect(submitted.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    const queued = submitted.map((response) => response.json().data as Job);
    const alertsOf = new Map<string, BudgetAlert['percent'][]>();
    let day = 0;
    const budgets = createProviderBudgets({
      db: t.database.db,
      limits: async () => ({ totalUsd: 0.01, byProvider: {} }),
      expectedCostMicroUsd: async () => 1000,
      unpricedReservationMicroUsd: 1000,
      // Each round books a day of its own in 2001 (a day the other tests never see).
      clock: () => new Date(Date.UTC(2001, 0, 1 + day)),
      onAlert: async (alert) =>
        void alertsOf.set(
          alert.day,
          [...(alertsOf.get(alert.day) ?? []), alert.percent].sort((a, b) => a - b),
        ),
      log: t.app.log,
    });
    // Twelve runs reserve $0.001 each against a $0.01 budget at once: the 8th reaches 80 %, the 10th 100 %, two are refused.
    for (day = 0; day < 40; day += 1) {
      const outcomes = await Promise.allSettled(queued.map((job) => budgets.forJob(job).reserve('fal', 'fal-ai/flux/schnell')));
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(2);
    }
    expect([...alertsOf.values()]).toEqual(Array(40).fill([80, 100]));
    // The jobs were only a reason to reserve: cancelled (and refunded) before the next test's workers could run them.
    const cancel = (job: Job) => t.app.inject({ method: 'POST', url: `/api/v1/jobs/${job.id}/cancel`, headers: bearer(token) });
    expect((await Promise.all(queued.map(cancel))).map((response) => response.statusCode)).toEqual(Array(12).fill(200));
  });

  it('settles a resumed request once: a hand-over keeps the reservation, the run that resumes it settles it', async () => {
    await putSettings({ dailyProviderSpendCapUsd: null });
    const before = (await today()).find((row) => row.scope === '*')?.spentMicroUsd ?? 0;
    fal.endpoint.endless = true;
    const job = (await submitJob(t.app, token, foxJob)).json().data as Job;
    const first = worker({ shutdownTimeoutMs: 50 });
    first.start();
    await until(async () => (await rowsOf([job.id]))[0]!.providerRequestId !== null, 'the request is stored');
    await first.stop();
    expect((await today()).find((row) => row.scope === '*')).toMatchObject({ reservedMicroUsd: PRICE_MICRO_USD });
    fal.endpoint.endless = false;
    await runWorkers(2);
    expect((await rowsOf([job.id]))[0]!.status).toBe('succeeded');
    expect(fal.submissions()).toHaveLength(1);
    expect((await today()).find((row) => row.scope === '*')).toMatchObject({
      spentMicroUsd: before + PRICE_MICRO_USD,
      reservedMicroUsd: 0,
    });
    const holds = await t.database.db.select().from(providerBudgetHolds).where(eq(providerBudgetHolds.jobId, job.id));
    expect(holds).toEqual([expect.objectContaining({ state: 'settled', spentMicroUsd: PRICE_MICRO_USD, requestId: expect.any(String) })]);
  }, 60_000);

  it('counts a cancelled request at its reservation, once, however many ask to cancel it', async () => {
    const before = (await today()).find((row) => row.scope === '*')!.spentMicroUsd;
    fal.endpoint.endless = true;
    const job = (await submitJob(t.app, token, foxJob)).json().data as Job;
    const running = worker();
    running.start();
    await until(async () => (await rowsOf([job.id]))[0]!.providerRequestId !== null, 'the request is stored');
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/v1/jobs/${job.id}/cancel`, headers: bearer(token) });
    const answers = await Promise.all([cancel(), cancel(), cancel()]);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    await running.idle();
    await running.stop();
    expect((await rowsOf([job.id]))[0]).toMatchObject({ status: 'failed' });
    expect((await today()).find((row) => row.scope === '*')).toMatchObject({
      spentMicroUsd: before + PRICE_MICRO_USD,
      reservedMicroUsd: 0,
    });
  }, 60_000);

  it('passes over a provider whose own budget is used up and refuses the job when no provider is left', async () => {
    await putSettings({ dailyProviderSpendCapUsd: null, providerDailyBudgetsUsd: { fal: 0 } });
    const job = (await submitJob(t.app, token, foxJob)).json().data as Job;
    await runWorkers(1);
    expect((await rowsOf([job.id]))[0]).toMatchObject({ status: 'failed', error: providerSpendMessages.jobRefused });
    expect(fal.submissions()).toHaveLength(0);
    const mails = await alerts();
    expect(mails.filter((mail) => mail.subject.includes('fal’s daily budget'))).toHaveLength(1);
    await putSettings({ providerDailyBudgetsUsd: {} });
  }, 60_000);

  it('reserves the configured amount for a model without a published price, so unpriced runs count too', async () => {
    const server: FakeServer = await startFakeServer();
    const model = 'owner/unpriced-model';
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const endpoint: FakeFalEndpoint = { output: { images: [{ url: `${server.url}/files/a.png`, content_type: 'image/png' }], seed: 1 } };
    serveFal(server, { key: FAL_KEY, endpoints: { [model]: endpoint }, files: { 'a.png': png } });
    const config = falEnginesConfig(server);
    const unpriced = createEngineRegistry(
      { ...config, fal: { ...config.fal!, models: { ...config.fal!.models, 'image-generator': model } } },
      { pollIntervalMs: 20, circuits: createProviderCircuits() },
    );
    const spentBefore = (await today()).find((row) => row.scope === '*')!.spentMicroUsd;
    // Room for two unpriced runs at $0.50 each on top of what the day already spent (rounded up to whole cents).
    await putSettings({ dailyProviderSpendCapUsd: Math.ceil((spentBefore + 1_000_000) / 10_000) / 100 });
    const submitted = await Promise.all(Array.from({ length: 6 }, () => submitJob(t.app, token, foxJob)));
    await runWorkers(2, unpriced, 0.5);
    const rows = await rowsOf(submitted.map((response) => (response.json().data as Job).id));
    const reached = server.requests.filter((request) => request.method === 'POST' && request.path.startsWith(`/${model}`)).length;
    expect(reached).toBe(2);
    expect(rows.filter((row) => row.status === 'succeeded')).toHaveLength(2);
    expect(rows.filter((row) => row.error === providerSpendMessages.jobRefused)).toHaveLength(4);
    // With no price on record, a finished run counts at what it reserved.
    expect((await today()).find((row) => row.scope === '*')).toMatchObject({ spentMicroUsd: spentBefore + 1_000_000, reservedMicroUsd: 0 });
    await putSettings({ dailyProviderSpendCapUsd: null });
    await server.close();
  }, 60_000);
});
