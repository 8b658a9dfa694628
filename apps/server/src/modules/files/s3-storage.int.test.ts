import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@lumen/core/jobs/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, noisePng, salesPilotJob, submitJob, uploadFile, waitForJob } from '../../test/job-helpers.ts';
import { startLocalS3 } from '../../test/local-s3.ts';
import type { LocalS3 } from '../../test/local-s3.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { openStorage } from './create-storage.ts';
import type { Storage } from './storage.ts';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => s3?.close());

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('the S3 storage driver against a local S3-compatible server', () => {
  let storage: Storage;
  let close: () => void;
  beforeAll(async () => {
    // The same start-up path as production: STORAGE_DRIVER=s3 creates the missing bucket.
    ({ storage, close } = await openStorage({ storageDriver: 's3', s3: s3.config, dataDir: '/nonexistent' }));
  });
  afterAll(() => close());

  it('puts, reads, ranges, sizes and deletes objects', async () => {
    expect(storage.driver).toBe('s3');
    const data = randomBytes(70_000);
    await storage.put('jobs/j1/out', data, { contentType: 'application/octet-stream' });
    expect(await storage.size('jobs/j1/out')).toBe(70_000);
    expect(await storage.exists('jobs/j1/out')).toBe(true);
    expect((await storage.get('jobs/j1/out')).equals(data)).toBe(true);
    expect((await readAll(await storage.stream('jobs/j1/out', { start: 100, end: 199 }))).equals(data.subarray(100, 200))).toBe(true);
    expect((await readAll(await storage.stream('jobs/j1/out'))).length).toBe(70_000);

    await storage.delete('jobs/j1/out');
    expect(await storage.size('jobs/j1/out')).toBeNull();
    expect(await storage.exists('jobs/j1/out')).toBe(false);
    await expect(storage.delete('jobs/j1/out')).resolves.toBeUndefined();
    await expect(storage.get('jobs/j1/out')).rejects.toThrow();
  });

  it('streams a body larger than one part as a multipart upload', async () => {
    // 12 MiB in 1 MiB chunks of a generator: never one buffer; three 5 MiB parts on the wire.
    const chunk = randomBytes(1024 * 1024);
    async function* chunks() {
      for (let index = 0; index < 12; index += 1) yield chunk;
    }
    await storage.put('uploads/u1/big', Readable.from(chunks()));
    expect(await storage.size('uploads/u1/big')).toBe(12 * 1024 * 1024);
    const tail = await readAll(await storage.stream('uploads/u1/big', { start: 11 * 1024 * 1024, end: 12 * 1024 * 1024 - 1 }));
    expect(tail.equals(chunk)).toBe(true);
  });

  it('refuses keys that could escape their prefix', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.size('uploads/../x')).rejects.toThrow(/Invalid storage key/);
  });

  it('gives presigned links that serve the file with its name and type, and stop when expired', async () => {
    await storage.put('jobs/j2/report', Buffer.from('the report'));
    const url = await storage.directLink('jobs/j2/report', {
      contentType: 'text/plain; charset=utf-8',
      disposition: 'attachment',
      fileName: 'rapport é.txt',
      expiresInSeconds: 60,
    });
    expect(url).toMatch(/X-Amz-Signature=/);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('the report');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="rapport _.txt"; filename*=UTF-8''rapport%20%C3%A9.txt`);

    const ranged = await fetch(url!, { headers: { range: 'bytes=4-9' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('report');

    // s3rver checks a presigned link's expiry but not its SigV4 signature (real S3 and MinIO do).
    const shortLived = await storage.directLink('jobs/j2/report', {
      contentType: 'text/plain',
      disposition: 'attachment',
      expiresInSeconds: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const expired = await fetch(shortLived!);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });

  it('stops at start-up with a clear line when the store refuses the credentials', async () => {
    const wrong = { ...s3.config, credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'not-the-secret' } };
    await expect(openStorage({ storageDriver: 's3', s3: wrong, dataDir: '/nonexistent' })).rejects.toThrow(
      /S3 storage: bucket lumen-test at http:\/\/127\.0\.0\.1:\d+ is not reachable \(HTTP 403/,
    );
  });
});

describe('the app on S3 storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: { storageDriver: 's3', s3: { ...s3.config, bucket: 'lumen-app' } },
      jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() },
    });
  });
  afterAll(async () => t?.close());

  it('keeps uploads and job results in the bucket; previews stream through the API, downloads redirect to a presigned URL', async () => {
    expect(t.app.storage.driver).toBe('s3');
    const user = await registerUser(t.app);
    await setBalance(t.database.db, user.user.id, 5);

    const png = await noisePng();
    const upload = await uploadFile(t.app, user.accessToken, { name: 'photo.png', type: 'image/png', data: png });
    expect(upload.statusCode).toBe(201);
    const preview = await t.app.inject({ method: 'GET', url: upload.json().data.previewUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(png)).toBe(true);

    const job = (await submitJob(t.app, user.accessToken, salesPilotJob)).json().data as Job;
    const done = await waitForJob(t.app, user.accessToken, job.id);
    expect(done.status).toBe('succeeded');
    const output = done.outputs[0]!;
    // The worker wrote the result through the S3 driver: it is in the bucket under the job's key.
    const { storage, close } = await openStorage({
      storageDriver: 's3',
      s3: { ...s3.config, bucket: 'lumen-app' },
      dataDir: '/nonexistent',
    });
    try {
      expect(await storage.size(`jobs/${job.id}/${output.id}`)).toBe(output.size);
    } finally {
      close();
    }

    const inline = await t.app.inject({ method: 'GET', url: output.previewUrl, headers: { range: 'bytes=0-2' } });
    expect(inline.statusCode).toBe(206);
    expect(inline.body).toBe('pre');

    // The owner check and the purchase rule are the route's, as on local disk.
    const downloadRoute = `/api/v1/jobs/${job.id}/outputs/${output.id}/download`;
    expect((await t.app.inject({ method: 'GET', url: downloadRoute, headers: bearer(user.accessToken) })).statusCode).toBe(403);
    const stranger = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: downloadRoute, headers: bearer(stranger.accessToken) })).statusCode).toBe(404);
    await grantCredits(t.database.db, { userId: user.user.id, amount: 10, kind: 'purchase', idempotencyKey: `order:s3-${user.user.id}` });
    const link = await t.app.inject({ method: 'GET', url: downloadRoute, headers: bearer(user.accessToken) });
    expect(link.statusCode).toBe(200);

    const redirect = await t.app.inject({ method: 'GET', url: (link.json().data as { url: string }).url });
    expect(redirect.statusCode).toBe(302);
    const presigned = redirect.headers.location!;
    expect(presigned.startsWith(`${s3.endpoint}/lumen-app/jobs/${job.id}/`)).toBe(true);
    expect(Number(new URL(presigned).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    const file = await fetch(presigned);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="sales-pilot-result.txt"');
    expect(Buffer.from(await file.arrayBuffer()).length).toBe(output.size);

    // Deleting the job removes its objects from the bucket.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/jobs/${job.id}`, headers: bearer(user.accessToken) })).statusCode,
    ).toBeLessThan(300);
    expect((await fetch(presigned)).status).toBe(404);
  });
});
