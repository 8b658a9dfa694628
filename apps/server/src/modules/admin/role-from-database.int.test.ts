import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@lumen/core/jobs/schemas';
import { accountSecurityMessages } from '@lumen/core/auth/one-time-code';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { verifiedUser } from '../../test/api-key-helpers.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { bearer, loginAs, registerUser, VALID_PASSWORD } from '../../test/http-helpers.ts';
import { fastWorker, salesPilotJob, submitJob, waitForJob } from '../../test/job-helpers.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { users } from '../users/tables.ts';
import { auditRows } from '../../test/admin-seed.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() } });
  admin = await adminAccessToken(t.app);
});
afterAll(async () => t?.close());

/** Another user's finished job, with a download their purchase allows. */
async function victimJob(): Promise<Job> {
  const victim = await verifiedUser(t.app, t.database.db, 0);
  await grantCredits(t.database.db, { userId: victim.id, amount: 10, kind: 'purchase', idempotencyKey: `order:role-${victim.id}` });
  const submitted = (await submitJob(t.app, victim.token, salesPilotJob)).json().data as Job;
  return waitForJob(t.app, victim.token, submitted.id);
}

/** A user the admin promotes, signed in afterwards: the access token says ADMIN. */
async function promotedInsider(): Promise<{ id: string; token: string }> {
  const registered = await registerUser(t.app);
  const promote = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/users/${registered.user.id}/role`,
    headers: bearer(admin),
    payload: { role: 'ADMIN' },
  });
  expect(promote.statusCode, promote.body).toBe(200);
  return { id: registered.user.id, token: await loginAs(t.app, registered.user.email, VALID_PASSWORD) };
}

const readJob = (token: string, job: Job) => t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}`, headers: bearer(token) });
const readDownload = (token: string, job: Job) =>
  t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}/download`, headers: bearer(token) });

describe("a demoted admin's old access token", () => {
  it('demoted by an admin: the change revokes their sessions, so the old token reads nothing (401)', async () => {
    const job = await victimJob();
    const insider = await promotedInsider();
    expect((await readJob(insider.token, job)).statusCode).toBe(200);
    expect((await readDownload(insider.token, job)).statusCode).toBe(200);

    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${insider.id}/role`,
      headers: bearer(admin),
      payload: { role: 'USER' },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    for (const response of [await readJob(insider.token, job), await readDownload(insider.token, job)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(accountSecurityMessages.sessionEnded);
    }
    const [audit] = await auditRows(t.database.db, 'user.role_change', insider.id).then((rows) => rows.slice(-1));
    expect(audit?.after).toMatchObject({ role: 'USER', revokedSessions: 1 });
  });

  it('demoted in the database alone (sessions left live): as soon as the change notice arrives they are judged a USER (404)', async () => {
    const job = await victimJob();
    const insider = await promotedInsider();
    // Read once as ADMIN, so this process holds the session's state.
    expect((await readJob(insider.token, job)).statusCode).toBe(200);

    await t.database.db.update(users).set({ role: 'USER' }).where(eq(users.id, insider.id));
    // The embedded database hands the notice over as the update commits; PostgreSQL delivers NOTIFY to the listening
    // connection a moment later. Either way it is milliseconds, not the access token's 15 minutes.
    await expect.poll(async () => (await readJob(insider.token, job)).statusCode, { timeout: 5_000, interval: 20 }).toBe(404);
    const download = await readDownload(insider.token, job);
    expect(download.statusCode, download.body).toBe(404);
    const admins = await t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: bearer(insider.token) });
    expect(admins.statusCode).toBe(403);
  });
});
