import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Job, JobListItem } from '@lumen/core/jobs/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { AnyEngine, EngineResultFile } from '@lumen/engines';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fakeEngine, fakeRegistry } from '../../test/fake-engines.ts';
import { fastWorker, noisePng, submitJob, uploadFile, waitForJob } from '../../test/job-helpers.ts';
import { grantCredits } from '../credits/credits.service.ts';
import { listOutputs } from './jobs.repository.ts';

/** Noise keeps the PNG from compressing to nothing, so the full picture is clearly bigger than its preview. */
const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });

/** A WAV header over `seconds` of silence at 24 kHz, 16-bit, `channels` channels. */
function wav(seconds: number, channels: number): Buffer {
  const data = Buffer.alloc(Math.round(seconds * 24_000) * channels * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(24_000, 24);
  header.writeUInt32LE(24_000 * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** An engine whose single result has a full file and a smaller preview, like the built-in engines make. */
function engineWith(service: ServiceKey, file: () => Promise<EngineResultFile>): AnyEngine {
  return { ...fakeEngine(service), run: async () => ({ files: [await file()], summary: null }) };
}

const engines = fakeRegistry(
  {},
  {
    'image-generator': engineWith('image-generator', async () => ({
      kind: 'image',
      name: 'image-1.png',
      contentType: 'image/png',
      data: await noise(640, 480).png().toBuffer(),
      preview: { name: 'image-1-preview.jpg', contentType: 'image/jpeg', data: await noise(320, 240).jpeg().toBuffer() },
    })),
    'sound-generator': engineWith('sound-generator', async () => ({
      kind: 'audio',
      name: 'sound.wav',
      contentType: 'audio/wav',
      data: wav(4, 2),
      preview: { name: 'sound-preview.wav', contentType: 'audio/wav', data: wav(1, 1) },
    })),
    speedpainting: engineWith('speedpainting', async () => ({
      kind: 'video',
      name: 'speedpainting.webm',
      contentType: 'video/webm',
      data: Buffer.from('full video frame '.repeat(4000)),
      preview: { name: 'speedpainting-preview.webm', contentType: 'video/webm', data: Buffer.from('marked preview frame '.repeat(500)) },
    })),
  },
);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: true, worker: fastWorker, engines } });
});
afterAll(async () => t.close());

async function userWithJobs() {
  const user = await registerUser(t.app);
  await setBalance(t.database.db, user.user.id, 50);
  const picture = (await uploadFile(t.app, user.accessToken, { name: 'picture.png', type: 'image/png', data: await noisePng() })).json()
    .data;
  const jobBodies = [
    { service: 'image-generator', params: { prompt: 'a red fox' } },
    { service: 'sound-generator', params: { prompt: 'rain on a tin roof' } },
    { service: 'speedpainting', params: {}, files: { image: picture.id } },
  ];
  const jobs: Job[] = [];
  for (const body of jobBodies) {
    const submitted = await submitJob(t.app, user.accessToken, body);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const done = await waitForJob(t.app, user.accessToken, (submitted.json().data as Job).id);
    expect(done.status, done.error ?? '').toBe('succeeded');
    jobs.push(done);
  }
  return { id: user.user.id, token: user.accessToken, jobs };
}

const read = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response;
};

async function downloadedBytes(token: string, job: Job): Promise<Buffer> {
  const output = job.outputs[0]!;
  const link = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}/outputs/${output.id}/download`, headers: bearer(token) });
  expect(link.statusCode).toBe(200);
  return (await read((link.json().data as { url: string }).url)).rawPayload;
}

const claimsOf = (url: string) => {
  const [payload] = url.split('/').at(-1)!.split('.');
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { k: string; t: string; d: string };
};

async function storageKeyOf(jobId: string): Promise<{ storageKey: string; previewStorageKey: string | null }> {
  const [row] = await listOutputs(t.database.db, [jobId]);
  return { storageKey: row!.storageKey, previewStorageKey: row!.previewStorageKey };
}

describe('what the app shows of a result', () => {
  it('a free user sees the smaller marked preview, whose link names only the preview and refuses edits', async () => {
    const user = await userWithJobs();
    for (const job of user.jobs) {
      const output = job.outputs[0]!;
      expect(output.preview).toBe(true);
      expect(job.canDownload).toBe(false);
      const shown = (await read(output.previewUrl)).rawPayload;
      expect(shown.length).toBeLessThan(output.size);

      const keys = await storageKeyOf(job.id);
      const claims = claimsOf(output.previewUrl);
      expect(claims.k).toBe(keys.previewStorageKey);
      expect(claims.k).not.toBe(keys.storageKey);
      expect(claims.d).toBe('inline');

      // Pointing the signed token at the original file breaks its signature.
      const [, signature] = output.previewUrl.split('/').at(-1)!.split('.');
      const edited = Buffer.from(JSON.stringify({ ...claims, k: keys.storageKey })).toString('base64url');
      const tampered = await t.app.inject({ method: 'GET', url: `/api/v1/files/${edited}.${signature}` });
      expect(tampered.statusCode).toBe(403);
      expect(tampered.rawPayload.equals(shown)).toBe(false);
    }
    const [image, sound] = user.jobs;
    const soundShown = (await read(sound!.outputs[0]!.previewUrl)).rawPayload;
    expect(soundShown.readUInt16LE(22)).toBe(1); // the preview is mono
    const imageShown = await sharp((await read(image!.outputs[0]!.previewUrl)).rawPayload).metadata();
    expect(imageShown.width).toBeLessThan(640);
  });

  it('after a purchase the app shows the original, byte for byte the download, in every view', async () => {
    const user = await userWithJobs();
    await grantCredits(t.database.db, { userId: user.id, amount: 20, kind: 'purchase', idempotencyKey: `order:shown-${user.id}` });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/jobs?limit=10', headers: bearer(user.token) });
    const listed = list.json().data.items as JobListItem[];
    for (const before of user.jobs) {
      const job = (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${before.id}`, headers: bearer(user.token) })).json().data as Job;
      const output = job.outputs[0]!;
      expect(job.canDownload).toBe(true);
      expect(output.preview).toBe(false);
      const shown = await read(output.previewUrl);
      expect(shown.headers['content-disposition']).toBe('inline');
      expect(shown.headers['content-type']).toBe(output.contentType);
      const downloaded = await downloadedBytes(user.token, job);
      expect(shown.rawPayload.equals(downloaded)).toBe(true);
      expect(shown.rawPayload.length).toBe(output.size);
      expect(claimsOf(output.previewUrl).k).toBe((await storageKeyOf(job.id)).storageKey);

      const fromList = listed.find((item) => item.id === job.id)!.outputs[0]!;
      expect(fromList.preview).toBe(false);
      expect((await read(fromList.previewUrl)).rawPayload.equals(downloaded)).toBe(true);

      const events = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}/events`, headers: bearer(user.token) });
      const streamed = JSON.parse(/data: (.*)\n/.exec(events.body)![1]!) as Job;
      expect(streamed.outputs[0]!.preview).toBe(false);
      expect((await read(streamed.outputs[0]!.previewUrl)).rawPayload.equals(downloaded)).toBe(true);
    }
    const [image, sound] = user.jobs;
    const soundShown = (await read((await getJob(user.token, sound!.id)).outputs[0]!.previewUrl)).rawPayload;
    expect(soundShown.readUInt16LE(22)).toBe(2); // full-length stereo
    expect(soundShown.length).toBe(wav(4, 2).length);
    const imageShown = await sharp((await read((await getJob(user.token, image!.id)).outputs[0]!.previewUrl)).rawPayload).metadata();
    expect(imageShown.width).toBe(640);
  });

  it("an admin sees the original of anyone's result in the admin job detail", async () => {
    const user = await userWithJobs();
    const admin = await adminAccessToken(t.app);
    const [image] = user.jobs;
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/admin/jobs/${image!.id}`, headers: bearer(admin) });
    expect(detail.statusCode).toBe(200);
    const output = (detail.json().data as Job).outputs[0]!;
    expect(output.preview).toBe(false);
    const shown = (await read(output.previewUrl)).rawPayload;
    expect(shown.length).toBe(output.size);
    expect(shown.equals((await read(image!.outputs[0]!.previewUrl)).rawPayload)).toBe(false);
  });
});

async function getJob(token: string, id: string): Promise<Job> {
  return (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}`, headers: bearer(token) })).json().data as Job;
}
