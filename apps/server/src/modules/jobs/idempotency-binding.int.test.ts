import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@lumen/core/jobs/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';
import { expectLedgerInvariant } from '../../test/credit-helpers.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { bearer } from '../../test/http-helpers.ts';
import { fastWorker, salesPilotJob, waitForJob } from '../../test/job-helpers.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from './idempotency-fingerprint.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() } });
});
afterAll(async () => t?.close());

const imageJob = { service: 'image-generator', params: { prompt: 'a secret red fox' }, files: {} };

function post(url: string, headers: Record<string, string>, key: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: { ...headers, 'idempotency-key': key }, ...(payload ? { payload } : {}) });
}

async function owner() {
  const user = await verifiedUser(t.app, t.database.db, 0);
  await grantCredits(t.database.db, { userId: user.id, amount: 20, kind: 'purchase', idempotencyKey: `order:idem-${user.id}` });
  return user;
}

const balance = async (token: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: bearer(token) })).json().data as { balance: number })
    .balance;

describe('an Idempotency-Key is bound to the account, the credential, the route and the request', () => {
  it("a key scoped to sales-pilot replaying the owner's key of an image job gets neither the job nor a charge", async () => {
    const user = await owner();
    const first = await post('/api/v1/jobs', bearer(user.token), 'owner-image-1', imageJob);
    expect(first.statusCode, first.body).toBe(201);
    const image = await waitForJob(t.app, user.token, (first.json().data as Job).id);
    const scoped = xApiKey((await generateKey(t.app, user.token, { allowedServices: ['sales-pilot'] })).apiKey);
    const before = await balance(user.token);

    // Its own service's body with the owner's key: another request, refused as such (nothing of the image job shown).
    const otherBody = await post('/api/v1/jobs', scoped, 'owner-image-1', salesPilotJob);
    expect(otherBody.statusCode, otherBody.body).toBe(422);
    expect(otherBody.json()).toMatchObject({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE, error: { code: 'UNPROCESSABLE' } });
    // The very same body: the key may not use image-generator at all, so it is refused like any access to that job.
    const sameBody = await post('/api/v1/jobs', scoped, 'owner-image-1', imageJob);
    expect(sameBody.statusCode, sameBody.body).toBe(403);
    for (const response of [otherBody, sameBody]) {
      expect(response.body).not.toContain(image.id);
      expect(response.body).not.toContain('secret red fox');
      expect(response.body).not.toContain('/api/v1/files/');
    }
    expect(await balance(user.token)).toBe(before);
  });

  it('the same key with another body is a 422 saying why; with the same body it replays the first job, not charged again', async () => {
    const user = await owner();
    const first = await post('/api/v1/jobs', bearer(user.token), 'body-bound', salesPilotJob);
    expect(first.statusCode).toBe(201);
    const afterFirst = await balance(user.token);

    const changed = await post('/api/v1/jobs', bearer(user.token), 'body-bound', {
      ...salesPilotJob,
      params: {
        text: 'Seller: A different conversation entirely, about our new plan for you. Buyer: Then a different answer from us, thanks.',
      },
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE);

    const again = await post('/api/v1/jobs', bearer(user.token), 'body-bound', salesPilotJob);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json().data as Job).id).toBe((first.json().data as Job).id);
    expect(await balance(user.token)).toBe(afterFirst);
    await expectLedgerInvariant(t.database.db, user.id);
  });

  it('the key of a submission is not reusable for a retry, nor the key of one retry for another job', async () => {
    const user = await owner();
    const a = await waitForJob(
      t.app,
      user.token,
      ((await post('/api/v1/jobs', bearer(user.token), 'route-a', salesPilotJob)).json().data as Job).id,
    );
    const b = await waitForJob(
      t.app,
      user.token,
      (
        (
          await post('/api/v1/jobs', bearer(user.token), 'route-b', {
            ...salesPilotJob,
            params: { text: 'Seller: Hi there, may I tell you about our yearly offer today? Buyer: Hello, yes, please go on.' },
          })
        ).json().data as Job
      ).id,
    );
    expect((await post(`/api/v1/jobs/${a.id}/retry`, bearer(user.token), 'route-a')).statusCode).toBe(422);
    const retried = await post(`/api/v1/jobs/${a.id}/retry`, bearer(user.token), 'retry-1');
    expect(retried.statusCode).toBe(201);
    expect((await post(`/api/v1/jobs/${a.id}/retry`, bearer(user.token), 'retry-1')).json().data.id).toBe(retried.json().data.id);
    expect((await post(`/api/v1/jobs/${b.id}/retry`, bearer(user.token), 'retry-1')).statusCode).toBe(422);
  });

  it('30 parallel submissions with one key and two bodies: one job, one charge; the other body only ever gets 422', async () => {
    const user = await owner();
    const before = await balance(user.token);
    const other = {
      ...salesPilotJob,
      params: { text: 'Seller: In a parallel world this offer would be cheaper for you. Buyer: Parallel answer, still too expensive.' },
    };
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => post('/api/v1/jobs', bearer(user.token), 'parallel-key', index % 2 ? other : salesPilotJob)),
    );
    const created = responses.filter((response) => response.statusCode === 201);
    const ids = new Set(created.map((response) => (response.json().data as Job).id));
    expect(ids.size).toBe(1);
    const refused = responses.filter((response) => response.statusCode === 422);
    expect(created.length + refused.length).toBe(30);
    expect(refused.length).toBe(15);
    expect(await balance(user.token)).toBe(before - 1);
    await expectLedgerInvariant(t.database.db, user.id);
  });
});
