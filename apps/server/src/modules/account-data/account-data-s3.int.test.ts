import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { VALID_PASSWORD, bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, noisePng, salesPilotJob, submitJob, uploadFile, waitForJob } from '../../test/job-helpers.ts';
import { startLocalS3 } from '../../test/local-s3.ts';
import type { LocalS3 } from '../../test/local-s3.ts';
import { openStorage } from '../files/create-storage.ts';
import { jobOutputs, uploads } from '../jobs/tables.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { readZip } from '../../test/zip-helpers.ts';

let s3: LocalS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startLocalS3();
  t = await buildTestApp({
    config: { storageDriver: 's3', s3: { ...s3.config, bucket: 'lumen-people' } },
    jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('people’s data on S3 storage', () => {
  it('puts the bucket’s files in the archive and removes them from the bucket when the account is deleted', async () => {
    expect(t.app.storage.driver).toBe('s3');
    const registered = await registerUser(t.app);
    const token = registered.accessToken;
    await setBalance(t.database.db, registered.user.id, 5);
    const png = await noisePng();
    expect((await uploadFile(t.app, token, { name: 'photo.png', type: 'image/png', data: png })).statusCode).toBe(201);
    const job = await waitForJob(t.app, token, (await submitJob(t.app, token, salesPilotJob)).json().data.id);
    expect(job.status).toBe('succeeded');
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.userId, registered.user.id));
    const outputs = await t.database.db.select().from(jobOutputs).where(eq(jobOutputs.jobId, job.id));
    expect(outputs.length).toBeGreaterThan(0);

    const exported = await t.app.inject({ method: 'POST', url: '/api/v1/user/me/export', headers: bearer(token) });
    expect(exported.statusCode).toBe(200);
    const files = await readZip(exported.rawPayload);
    const [listed] = JSON.parse(files.get('uploads.json')!.toString('utf8'));
    expect(files.get(listed.archivePath)?.equals(png)).toBe(true);
    const [exportedJob] = JSON.parse(files.get('jobs.json')!.toString('utf8'));
    expect(files.get(exportedJob.outputs[0].archivePath)?.length).toBe(outputs[0]!.size);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/me/delete',
      headers: bearer(token),
      payload: { password: VALID_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Read the bucket through a second client, as another process would.
    const { storage, close } = await openStorage({
      storageDriver: 's3',
      s3: { ...s3.config, bucket: 'lumen-people' },
      dataDir: '/nonexistent',
    });
    try {
      expect(await storage.exists(upload!.storageKey)).toBe(false);
      for (const output of outputs) expect(await storage.exists(output.storageKey)).toBe(false);
    } finally {
      close();
    }
  });
});
