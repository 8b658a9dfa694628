import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Job } from '@lumen/core/jobs/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { registerUser } from '../../test/http-helpers.ts';
import { fastWorker, salesPilotJob, submitJob } from '../../test/job-helpers.ts';
import { creditLedger } from '../credits/tables.ts';
import { createJobEvents } from './job-events.ts';
import { createJobWorker } from './job-worker.ts';
import { sweepStuckJobs } from './sweeper.ts';
import { fakeRegistry } from './test-engines.ts';
import { jobs } from './tables.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

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

  it('leaves no charge without a result or a refund: the sweeper re-queues it once, then fails and refunds', async () => {
    const user = await registerUser(t.app);
    await setBalance(t.database.db, user.user.id, 5);
    const job = (await submitJob(t.app, user.accessToken, salesPilotJob)).json().data as Job;

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: t.databaseUrl!,
        DATA_DIR: t.config.dataDir,
        JWT_SECRET: t.config.jwtSecret,
        LOG_LEVEL: 'silent',
        LUMEN_TEST_ENGINE_DELAY_MS: '60000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    try {
      const deadline = Date.now() + 30_000;
      while ((await statusOf(job.id)).status !== 'running' || (await statusOf(job.id)).progress === 0) {
        if (Date.now() > deadline) throw new Error(`the worker never started the job: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');
    const killed = await statusOf(job.id);
    expect(killed).toMatchObject({ status: 'running', attempts: 1 });

    // The heartbeat goes stale; the sweeper hands the job back to the queue (first crash).
    expect(await sweepStuckJobs(t.database.db, { staleAfterMs: 0 })).toEqual([job.id]);
    expect(await statusOf(job.id)).toMatchObject({ status: 'queued', workerId: null });

    // A healthy worker finishes it: one charge, a result, no refund.
    const worker = createJobWorker({
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
    expect(await statusOf(job.id)).toMatchObject({ status: 'succeeded', attempts: 2, refundedAt: null });
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.user.id));
    expect(ledger.filter((row) => row.kind === 'job_charge')).toHaveLength(1);
    expect(ledger.filter((row) => row.kind === 'job_refund')).toHaveLength(0);
    expect(await expectLedgerInvariant(t.database.db, user.user.id)).toBe(4);

    // A job whose worker died on its second run too is failed and refunded, once.
    const second = (await submitJob(t.app, user.accessToken, salesPilotJob)).json().data as Job;
    await t.database.db
      .update(jobs)
      .set({ status: 'running', attempts: 2, workerId: 'dead-worker', startedAt: sql`now()`, heartbeatAt: sql`now() - interval '1 minute'` })
      .where(eq(jobs.id, second.id));
    expect(await sweepStuckJobs(t.database.db, { staleAfterMs: 30_000 })).toEqual([second.id]);
    expect(await sweepStuckJobs(t.database.db, { staleAfterMs: 0 })).toEqual([]);
    expect(await statusOf(second.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/stopped unexpectedly/) });
    expect((await statusOf(second.id)).refundedAt).not.toBeNull();
    expect(await expectLedgerInvariant(t.database.db, user.user.id)).toBe(4);
  }, 60_000);
});
