import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Job } from '@lumen/core/jobs/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { registerUser } from '../../test/http-helpers.ts';
import { fastWorker, holdByDeadWorker, salesPilotJob, submitJob } from '../../test/job-helpers.ts';
import { creditLedger } from '../credits/tables.ts';
import { createJobEvents } from './job-events.ts';
import { createJobWorker } from './job-worker.ts';
import { sweepStuckJobs } from './sweeper.ts';
import { jobProviders } from '../providers/index.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { startWorkerProcess } from '../../test/worker-process.ts';
import { jobs } from './tables.ts';

/** How long a worker child may take to start running jobs (it starts the server under tsx first). */
const WORKER_START_MS = 120_000;

// A separate worker process needs a database both processes can open: PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker killed in the middle of a job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ jobs: { runWorker: false, engines: fakeRegistry() } });
  });
  afterAll(async () => t.close());

  async function statusOf(id: string) {
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    return row!;
  }

  /** A healthy worker in this process runs the queue empty and stops. */
  async function drainWithHealthyWorker() {
    const worker = createJobWorker({
      providers: jobProviders,
      db: t.database.db,
      storage: t.app.storage,
      engines: fakeRegistry(),
      events: createJobEvents(),
      log: t.app.log,
      options: fastWorker,
    });
    worker.start();
    await worker.idle();
    await worker.stop();
  }

  it(
    'leaves no charge without a result or a refund: the sweeper re-queues it once, then fails and refunds',
    async () => {
      const user = await registerUser(t.app);
      await setBalance(t.database.db, user.user.id, 5);
      const job = (await submitJob(t.app, user.accessToken, salesPilotJob)).json().data as Job;

      const { child, exited, stderr } = startSlowWorker();
      try {
        // The child compiles and starts the server first: tens of seconds on a loaded two-core machine.
        const deadline = Date.now() + WORKER_START_MS;
        while ((await statusOf(job.id)).status !== 'running' || (await statusOf(job.id)).progress === 0) {
          if (Date.now() > deadline) throw new Error(`the worker never started the job: ${stderr()}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        child.kill('SIGKILL');
      }
      expect(await exited).toBe('SIGKILL');
      const killed = await statusOf(job.id);
      expect(killed).toMatchObject({ status: 'running', attempts: 1 });

      // The heartbeat goes stale; the sweeper hands the job back to the queue (first crash).
      expect(await sweepStuckJobs(t.database.db, { providers: jobProviders, staleAfterMs: 0 })).toEqual([job.id]);
      expect(await statusOf(job.id)).toMatchObject({ status: 'queued', workerId: null });

      // A healthy worker finishes it: one charge, a result, no refund.
      await drainWithHealthyWorker();
      expect(await statusOf(job.id)).toMatchObject({ status: 'succeeded', attempts: 2, refundedAt: null });
      const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.user.id));
      expect(ledger.filter((row) => row.kind === 'job_charge')).toHaveLength(1);
      expect(ledger.filter((row) => row.kind === 'job_refund')).toHaveLength(0);
      expect(await expectLedgerInvariant(t.database.db, user.user.id)).toBe(4);

      // A job whose worker died on its second run too is failed and refunded, once.
      const second = (await submitJob(t.app, user.accessToken, salesPilotJob)).json().data as Job;
      await holdByDeadWorker(t.database.db, second.id);
      expect(await sweepStuckJobs(t.database.db, { providers: jobProviders, staleAfterMs: 30_000 })).toEqual([second.id]);
      expect(await sweepStuckJobs(t.database.db, { providers: jobProviders, staleAfterMs: 0 })).toEqual([]);
      expect(await statusOf(second.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/stopped unexpectedly/) });
      expect((await statusOf(second.id)).refundedAt).not.toBeNull();
      expect(await expectLedgerInvariant(t.database.db, user.user.id)).toBe(4);
    },
    WORKER_START_MS + 60_000,
  );

  /** A worker process whose engines take a minute, so it is always in the middle of its jobs. */
  function startSlowWorker() {
    return startWorkerProcess(t, { LUMEN_TEST_ENGINE_DELAY_MS: '60000' });
  }

  async function killWhileRunning(ids: string[], atLeast: number): Promise<string[]> {
    const worker = startSlowWorker();
    try {
      // The child compiles and starts the server first: tens of seconds on a loaded two-core machine.
      const deadline = Date.now() + WORKER_START_MS;
      for (;;) {
        const rows = await t.database.db.select().from(jobs).where(inArray(jobs.id, ids));
        const running = rows.filter((row) => row.status === 'running' && row.progress > 0).map((row) => row.id);
        if (running.length >= atLeast) return running;
        if (Date.now() > deadline) throw new Error(`the worker never ran ${atLeast} jobs at once: ${worker.stderr()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      worker.child.kill('SIGKILL');
      expect(await worker.exited).toBe('SIGKILL');
    }
  }

  it(
    "SIGKILL in the middle of several users' jobs: every job ends succeeded, or failed and refunded once; balance = sum(ledger) for everyone",
    async () => {
      const people = await Promise.all(Array.from({ length: 3 }, () => registerUser(t.app)));
      const ids: string[] = [];
      for (const person of people) {
        await setBalance(t.database.db, person.user.id, 10);
        for (let index = 0; index < 2; index += 1)
          ids.push(((await submitJob(t.app, person.accessToken, salesPilotJob)).json().data as Job).id);
      }

      // The oldest job already lost a worker once (its last run); the worker claims the oldest first and is
      // killed while running it and the next one: the first must fail and be refunded, the second re-run.
      await t.database.db.update(jobs).set({ attempts: 1 }).where(eq(jobs.id, ids[0]!));
      const killed = await killWhileRunning(ids, 2);
      expect([...killed].sort()).toEqual([ids[0]!, ids[1]!].sort());
      expect((await sweepStuckJobs(t.database.db, { providers: jobProviders, staleAfterMs: 0 })).sort()).toEqual([...killed].sort());

      // A healthy worker drains the queue.
      await drainWithHealthyWorker();

      const rows = await t.database.db.select().from(jobs).where(inArray(jobs.id, ids));
      const ledger = await t.database.db
        .select()
        .from(creditLedger)
        .where(
          inArray(
            creditLedger.userId,
            people.map((person) => person.user.id),
          ),
        );
      const outcomes = { succeeded: 0, refunded: 0 };
      for (const row of rows) {
        const charges = ledger.filter((entry) => entry.id === row.chargeLedgerId);
        expect(charges, `job ${row.id} has its one charge`).toHaveLength(1);
        if (row.status === 'succeeded') {
          expect(row.refundedAt).toBeNull();
          outcomes.succeeded += 1;
        } else {
          expect(row, `job ${row.id} ended neither succeeded nor failed and refunded`).toMatchObject({
            status: 'failed',
            refundedAt: expect.any(Date),
          });
          outcomes.refunded += 1;
        }
      }
      expect(outcomes).toEqual({ succeeded: ids.length - 1, refunded: 1 });
      expect(rows.find((row) => row.id === ids[0])?.status).toBe('failed');
      for (const person of people) {
        const mine = rows.filter((row) => row.userId === person.user.id);
        const refunds = ledger.filter((entry) => entry.userId === person.user.id && entry.kind === 'job_refund');
        expect(refunds).toHaveLength(mine.filter((row) => row.status === 'failed').length);
        expect(await expectLedgerInvariant(t.database.db, person.user.id)).toBe(
          10 - mine.filter((row) => row.status === 'succeeded').length,
        );
      }
    },
    WORKER_START_MS + 90_000,
  );
});
