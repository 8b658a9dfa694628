import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@lumen/core/jobs/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { registerUser } from '../../test/http-helpers.ts';
import { fastWorker, submitJob, uploadFile, waitForJob } from '../../test/job-helpers.ts';

/** The real built-in engines through the whole pipeline (the others use fake engines). */
describe('built-in engines end to end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ jobs: { runWorker: true, worker: fastWorker } });
  });
  afterAll(async () => t.close());

  it('sales pilot from an uploaded transcript and image generation from a prompt produce real files', async () => {
    const user = await registerUser(t.app);
    await setBalance(t.database.db, user.user.id, 5);
    const transcript = [
      'Seller: Thanks for joining. What are you using today for your reporting?',
      'Buyer: Spreadsheets mostly. Honestly the price of your tool worries me.',
      'Seller: Understood. Many teams save ten hours a week, which pays for it. Shall we book a demo next Tuesday?',
      'Buyer: Yes, Tuesday works. Send me the proposal before then.',
    ].join('\n');
    const upload = (
      await uploadFile(
        t.app,
        user.accessToken,
        { name: 'call.txt', type: 'text/plain', data: Buffer.from(transcript) },
        { purpose: 'transcript' },
      )
    ).json().data;
    const report = (
      await submitJob(t.app, user.accessToken, { service: 'sales-pilot', params: {}, files: { transcript: upload.id } })
    ).json().data as Job;
    const image = (
      await submitJob(t.app, user.accessToken, { service: 'image-generator', params: { prompt: 'a calm blue ocean at sunset' } })
    ).json().data as Job;

    const doneReport = await waitForJob(t.app, user.accessToken, report.id, 60_000);
    expect(doneReport.status, doneReport.error ?? '').toBe('succeeded');
    expect(doneReport.engine.kind).toBe('builtin');
    const html = doneReport.outputs.find((output) => output.contentType.startsWith('text/html'));
    expect(html).toBeDefined();
    expect(doneReport.summary).toMatchObject({ score: expect.any(Object) });

    const doneImage = await waitForJob(t.app, user.accessToken, image.id, 60_000);
    expect(doneImage.status, doneImage.error ?? '').toBe('succeeded');
    const preview = await t.app.inject({ method: 'GET', url: doneImage.outputs[0]!.previewUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.subarray(0, 4).toString('latin1')).toMatch(/PNG|RIFF|\xff\xd8/);
  }, 90_000);

  it('a picture of a thing on a thing on a thing is drawn as previewed and charged (it used to lose its subject and be refunded)', async () => {
    const user = await registerUser(t.app);
    await setBalance(t.database.db, user.user.id, 5);
    const params = { prompt: 'a cat on a chair on a rock', seed: 3 };
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs/preview',
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: { service: 'image-generator', params },
    });
    expect(preview.json().data.headline).toBe('Will draw: cat on the chair on the rock, room');
    const job = (await submitJob(t.app, user.accessToken, { service: 'image-generator', params })).json().data as Job;
    const done = await waitForJob(t.app, user.accessToken, job.id, 60_000);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(done.summary).toMatchObject({ drawn: ['cat on the chair on the rock', 'room'], notDrawn: [] });
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/v1/credits/balance',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(balance.json().data.balance).toBe(5 - job.cost);
  }, 90_000);
});
