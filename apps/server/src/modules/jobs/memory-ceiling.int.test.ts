import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@lumen/core/jobs/schemas';
import { auditLog } from '../audit/tables.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, salesPilotJob, submitJob, until, waitForJob } from '../../test/job-helpers.ts';
import { MEMORY_RESTART_ACTION } from './memory-ceiling.ts';

const MB = 1024 * 1024;
const METRICS_TOKEN = 'memory-ceiling-metrics-token';

/** WORKER_MAX_RSS_MB (issue 40, decision 067), with this process's RSS played by the test. */
describe('the memory ceiling of the job worker', () => {
  let t: TestApp;
  let rss = 50 * MB;
  const restartsAsked: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      config: { workerMaxRssMb: 100, metricsToken: METRICS_TOKEN },
      jobs: {
        runWorker: true,
        engines: fakeRegistry({ delayMs: 600 }),
        worker: fastWorker,
        memoryCeiling: { intervalMs: 20, rssBytes: () => rss, requestRestart: () => restartsAsked.push(Date.now()) },
      },
    });
  });
  afterAll(async () => t.close());

  it('past the ceiling: takes no more jobs, finishes the running one, then asks for its replacement; counted in the metrics', async () => {
    const user = await registerUser(t.app);
    await setBalance(t.database.db, user.user.id, 10);
    const below = (await submitJob(t.app, user.accessToken, salesPilotJob)).json().data as Job;
    expect((await waitForJob(t.app, user.accessToken, below.id, 10_000)).status).toBe('succeeded');
    expect(restartsAsked).toEqual([]); // under the ceiling, nothing happens

    const running = (await submitJob(t.app, user.accessToken, salesPilotJob)).json().data as Job;
    await until(async () => {
      const job = (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${running.id}`, headers: bearer(user.accessToken) })).json()
        .data as Job;
      return job.status === 'running';
    }, 'the second job runs');
    rss = 150 * MB;
    await until(async () => restartsAsked.length > 0, 'the worker asks for a replacement');
    // The running job was finished before the restart was asked for, not dropped.
    const finished = await waitForJob(t.app, user.accessToken, running.id, 10_000);
    expect(finished.status).toBe('succeeded');
    expect(new Date(finished.finishedAt!).getTime()).toBeLessThanOrEqual(restartsAsked[0]!);

    // A job submitted now stays queued for the replacement: this worker takes no more.
    const after = (await submitJob(t.app, user.accessToken, salesPilotJob)).json().data as Job;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const waiting = (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${after.id}`, headers: bearer(user.accessToken) })).json()
      .data as Job;
    expect(waiting.status).toBe('queued');
    expect(restartsAsked).toHaveLength(1);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, MEMORY_RESTART_ACTION));
    expect(entry).toMatchObject({ targetType: 'job_worker', targetId: t.app.jobWorker!.workerId, after: { rssMb: 150, maxRssMb: 100 } });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(metrics.body).toMatch(/^lumen_job_worker_memory_restarts_total 1$/m);
  });
});
