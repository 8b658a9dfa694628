import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@lumen/core/jobs/schemas';
import { apiKeyMessages } from '@lumen/core/api-keys/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer } from '../../test/http-helpers.ts';
import { fastWorker, salesPilotJob, submitJob, waitForJob } from '../../test/job-helpers.ts';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() } });
});
afterAll(async () => t.close());

const imageJob = { service: 'image-generator', params: { prompt: 'a red fox' }, files: {} };

/** A user who has bought credits (so downloads are allowed), with one finished job of each service. */
async function ownerWithTwoJobs() {
  const user = await verifiedUser(t.app, t.database.db, 0);
  await grantCredits(t.database.db, { userId: user.id, amount: 20, kind: 'purchase', idempotencyKey: `order:scopes-${user.id}` });
  const allowed = await waitForJob(t.app, user.token, ((await submitJob(t.app, user.token, salesPilotJob)).json().data as Job).id);
  const other = await waitForJob(t.app, user.token, ((await submitJob(t.app, user.token, imageJob)).json().data as Job).id);
  return { user, allowed, other };
}

const routesOf = (job: Job) =>
  [
    ['GET', `/api/v1/jobs/${job.id}`],
    ['GET', `/api/v1/jobs/${job.id}/events`],
    ['GET', `/api/v1/jobs/${job.id}/download`],
    ['GET', `/api/v1/jobs/${job.id}/outputs/${job.outputs[0]!.id}/download`],
    ['POST', `/api/v1/jobs/${job.id}/retry`],
    ['DELETE', `/api/v1/jobs/${job.id}`],
  ] as const;

describe('API key scopes on the job, output and file routes', () => {
  it("refuses every route for a job of a service outside the key's scopes with 403, and serves its own service", async () => {
    const { user, allowed, other } = await ownerWithTwoJobs();
    const key = await generateKey(t.app, user.token, { allowedServices: ['sales-pilot'] });
    const asKey = xApiKey(key.apiKey);

    for (const [method, url] of routesOf(other)) {
      const response = await t.app.inject({ method, url, headers: asKey });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toMatchObject({
        success: false,
        message: apiKeyMessages.serviceNotAllowed,
        error: { code: 'FORBIDDEN', meta: { service: 'image-generator', allowedServices: ['sales-pilot'] } },
      });
    }
    // Nothing happened to the other job: not deleted, not retried.
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(user.token) });
    expect(list.json().data.total).toBe(2);

    // The library through the key holds only the key's services, and asking for another is a 403.
    const keyList = await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: asKey });
    expect(keyList.statusCode).toBe(200);
    expect((keyList.json().data.items as Job[]).map((job) => job.id)).toEqual([allowed.id]);
    expect(keyList.json().data.total).toBe(1);
    expect(keyList.body).not.toContain(other.outputs[0]!.id);
    const filtered = await t.app.inject({ method: 'GET', url: '/api/v1/jobs?service=image-generator', headers: asKey });
    expect(filtered.statusCode).toBe(403);
    expect(filtered.json().message).toBe(apiKeyMessages.serviceNotAllowed);

    // Its own service works on every route, down to the signed file.
    for (const [method, url] of routesOf(allowed)) {
      const response = await t.app.inject({ method, url, headers: asKey });
      expect(response.statusCode, `${method} ${url}`).toBe(method === 'POST' ? 201 : 200);
      if (url.endsWith('/download')) {
        const file = await t.app.inject({ method: 'GET', url: (response.json().data as { url: string }).url });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-disposition']).toContain('sales-pilot-result.txt');
      }
    }

    // The owner's own session is not bound by the key's scopes.
    const download = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${other.id}/download`, headers: bearer(user.token) });
    expect(download.statusCode).toBe(200);
  });

  it('a key without scopes reaches every service; another user’s job stays a 404, not a 403', async () => {
    const { user, other } = await ownerWithTwoJobs();
    const open = await generateKey(t.app, user.token);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${other.id}/download`, headers: xApiKey(open.apiKey) })).statusCode,
    ).toBe(200);

    const stranger = await verifiedUser(t.app, t.database.db);
    const scoped = await generateKey(t.app, stranger.token, { allowedServices: ['sales-pilot'] });
    for (const [method, url] of routesOf(other)) {
      expect((await t.app.inject({ method, url, headers: xApiKey(scoped.apiKey) })).statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
