import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadLimits } from '@lumen/core/jobs/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { bombPng, noisePng, submitJob, uploadFile } from '../../test/job-helpers.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { uploads } from './tables.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from './idempotency-fingerprint.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: false, engines: fakeRegistry() } });
});
afterAll(async () => t.close());

async function storedFiles(): Promise<string[]> {
  const root = join(t.config.dataDir, 'storage', 'uploads');
  const users = await readdir(root).catch(() => []);
  const files = await Promise.all(users.map(async (user) => (await readdir(join(root, user))).map((file) => `${user}/${file}`)));
  return files.flat();
}

describe('POST /uploads', () => {
  it('stores a PNG judged by content and returns its size and a preview link', async () => {
    const user = await registerUser(t.app);
    const png = await noisePng(120, 80);
    const response = await uploadFile(t.app, user.accessToken, { name: 'photo.jpg', type: 'image/jpeg', data: png });
    expect(response.statusCode).toBe(201);
    const upload = response.json().data;
    expect(upload).toMatchObject({
      purpose: 'image',
      name: 'photo.jpg',
      contentType: 'image/png',
      size: png.length,
      width: 120,
      height: 80,
    });
    const preview = await t.app.inject({ method: 'GET', url: upload.previewUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.equals(png)).toBe(true);
  });

  it('refuses bad files with a clear 4xx, stores nothing and charges nothing', async () => {
    const user = await registerUser(t.app);
    await setBalance(t.database.db, user.user.id, 10);
    const before = await storedFiles();
    const png = await noisePng(200, 200);
    const cases: { name: string; type: string; data: Buffer; status: number; message: RegExp }[] = [
      { name: 'empty.png', type: 'image/png', data: Buffer.alloc(0), status: 422, message: /empty/ },
      { name: 'cut.png', type: 'image/png', data: png.subarray(0, Math.floor(png.length / 2)), status: 422, message: /could not be read/ },
      { name: 'bomb.png', type: 'image/png', data: bombPng(), status: 422, message: /too many pixels/ },
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>'),
        status: 415,
        message: /SVG images are not accepted/,
      },
      {
        name: 'notes.png',
        type: 'image/png',
        data: Buffer.from('just some text pretending to be a picture'),
        status: 415,
        message: /Only PNG, JPEG or WebP/,
      },
      { name: 'tiny.png', type: 'image/png', data: await noisePng(20, 20), status: 422, message: /too small/ },
      {
        name: 'huge.png',
        type: 'image/png',
        data: Buffer.concat([png, Buffer.alloc(uploadLimits.imageMaxBytes + 1 - png.length)]),
        status: 413,
        message: /too large \(max 15 MB\)/,
      },
    ];
    for (const item of cases) {
      const response = await uploadFile(t.app, user.accessToken, item);
      expect(response.statusCode, item.name).toBe(item.status);
      expect(response.json().success).toBe(false);
      expect(response.json().message, item.name).toMatch(item.message);
    }
    expect(await storedFiles()).toEqual(before);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.userId, user.user.id))).toHaveLength(0);
    expect(await expectLedgerInvariant(t.database.db, user.user.id)).toBe(10);
  });

  it('takes transcripts (.txt/.vtt/.srt UTF-8 up to 1 MB) with purpose=transcript', async () => {
    const user = await registerUser(t.app);
    const ok = await uploadFile(
      t.app,
      user.accessToken,
      {
        name: 'call.vtt',
        type: 'text/vtt',
        data: Buffer.from(
          'WEBVTT\n\n00:00.000 --> 00:04.000\n<v Ann>Hello there, thanks for joining the call about your quotes and the next steps today',
        ),
      },
      { purpose: 'transcript' },
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ purpose: 'transcript', contentType: 'text/vtt; charset=utf-8' });
    const wrong = await uploadFile(
      t.app,
      user.accessToken,
      { name: 'call.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') },
      { purpose: 'transcript' },
    );
    expect(wrong.statusCode).toBe(415);
    const big = await uploadFile(
      t.app,
      user.accessToken,
      { name: 'call.txt', type: 'text/plain', data: Buffer.alloc(uploadLimits.transcriptMaxBytes + 1, 97) },
      { purpose: 'transcript' },
    );
    expect(big.statusCode).toBe(413);
    const binary = await uploadFile(
      t.app,
      user.accessToken,
      { name: 'call.txt', type: 'text/plain', data: Buffer.from([0xff, 0xfe, 0x00, 0x41]) },
      { purpose: 'transcript' },
    );
    expect(binary.statusCode).toBe(422);
  });

  it('answers 415 to a non-multipart body and 401 to guests; honours Idempotency-Key', async () => {
    const user = await registerUser(t.app);
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload: { file: 'x' }, headers: bearer(user.accessToken) });
    expect(json.statusCode).toBe(415);
    const guest = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload: { file: 'x' } });
    expect(guest.statusCode).toBe(401);
    const png = await noisePng();
    const first = await uploadFile(
      t.app,
      user.accessToken,
      { name: 'a.png', type: 'image/png', data: png },
      { headers: { 'idempotency-key': 'up-1' } },
    );
    const second = await uploadFile(
      t.app,
      user.accessToken,
      { name: 'a.png', type: 'image/png', data: png },
      { headers: { 'idempotency-key': 'up-1' } },
    );
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it("binds an upload's Idempotency-Key to its file: the key with another file is a 422 that shows nothing of the first upload", async () => {
    const user = await registerUser(t.app);
    const png = await noisePng();
    const first = await uploadFile(
      t.app,
      user.accessToken,
      { name: 'a.png', type: 'image/png', data: png },
      { headers: { 'idempotency-key': 'up-bound' } },
    );
    expect(first.statusCode).toBe(201);
    for (const other of [
      { name: 'a.png', type: 'image/png', data: await noisePng(96) },
      { name: 'b.png', type: 'image/png', data: png },
    ]) {
      const reused = await uploadFile(t.app, user.accessToken, other, { headers: { 'idempotency-key': 'up-bound' } });
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE, error: { code: 'UNPROCESSABLE' } });
      expect(JSON.stringify(reused.json())).not.toContain(first.json().data.id);
    }
  });

  it("another user's upload is a 404 when used in a job, and nothing is charged", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    await setBalance(t.database.db, other.user.id, 10);
    const upload = (await uploadFile(t.app, owner.accessToken, { name: 'a.png', type: 'image/png', data: await noisePng() })).json().data;
    const response = await submitJob(t.app, other.accessToken, { service: 'speedpainting', params: {}, files: { image: upload.id } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Upload not found');
    const mine = await submitJob(t.app, owner.accessToken, { service: 'speedpainting', params: {}, files: { image: upload.id } });
    expect(mine.statusCode).toBe(201);
    expect(await expectLedgerInvariant(t.database.db, other.user.id)).toBe(10);
  });
});
