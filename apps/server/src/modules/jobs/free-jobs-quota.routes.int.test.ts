import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ServiceEntry } from '@lumen/core/jobs/schemas';
import { aiBackgroundMaxMegapixels } from '@lumen/core/services/ai-background-params';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer } from '../../test/http-helpers.ts';
import { noisePng, salesPilotJob, uploadFile } from '../../test/job-helpers.ts';
import { generateKey, verifiedUser } from '../../test/api-key-helpers.ts';
import { updateServiceCost } from '../credits/catalogue.repository.ts';
import { noClientLimits } from '../limits/index.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { jobs } from './tables.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let t: TestApp;
let offsetMs = 0;
beforeAll(async () => {
  t = await buildTestApp({
    config: {
      clientLimits: { ...noClientLimits, freeJobsPerAccount: { max: 2, windowMs: DAY }, freeJobsPerIp: { max: 3, windowMs: DAY } },
    },
    clock: () => new Date(Date.now() + offsetMs),
    jobs: { runWorker: false, engines: fakeRegistry() },
  });
});
afterAll(async () => t.close());

let nextIp = 1;
/** A client address no other test uses, so the per-IP counts of the tests stay apart. */
const freshIp = () => `10.1.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

/** A user with credits and an uploaded photo, ready to run AI background. */
async function client(ip = freshIp()) {
  const user = await verifiedUser(t.app, t.database.db, 20);
  const upload = (await uploadFile(t.app, user.token, { name: 'photo.png', type: 'image/png', data: await noisePng() })).json().data as {
    id: string;
  };
  return { ...user, ip, photo: upload.id };
}

type Client = Awaited<ReturnType<typeof client>>;

const background = (photo: string) => ({ service: 'ai-background', params: { mode: 'transparent' }, files: { image: photo } });

function submit(who: Client, body: unknown = background(who.photo), options: { ip?: string; token?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/jobs',
    payload: body as Record<string, unknown>,
    headers: bearer(options.token ?? who.token),
    remoteAddress: options.ip ?? who.ip,
  });
}

const jobCount = async (userId: string) => (await t.database.db.select().from(jobs).where(eq(jobs.userId, userId))).length;

describe('free (0-credit) runs per account and per IP', () => {
  it('GET /services states the daily free runs of the free service only', async () => {
    const services = (await t.app.inject({ method: 'GET', url: '/api/v1/services' })).json().data as ServiceEntry[];
    expect(services.find((service) => service.key === 'ai-background')).toMatchObject({ cost: 0, freeRunsPerDay: 2 });
    expect(services.find((service) => service.key === 'sales-pilot')?.freeRunsPerDay).toBeUndefined();
    const photo = services.find((service) => service.key === 'ai-background')!.files.find((file) => file.name === 'image');
    expect(photo?.maxPixels).toBe(aiBackgroundMaxMegapixels * 1_000_000);
  });

  it('counts web and API-key runs together per account: 429 with Retry-After and a clear message; paid services go on', async () => {
    const user = await client();
    const key = await generateKey(t.app, user.token);
    expect((await submit(user)).statusCode).toBe(201);
    expect((await submit(user, undefined, { token: key.apiKey })).statusCode).toBe(201);

    for (const token of [user.token, key.apiKey]) {
      const refused = await submit(user, undefined, { token });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        success: false,
        message: "You have used today's 2 free runs. Please try again in 24 hours.",
        error: { code: 'RATE_LIMITED', meta: { limit: 'account', max: 2 } },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(DAY / 1000 - 60);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(DAY / 1000);
    }
    expect(await jobCount(user.id)).toBe(2);
    // Another address does not help: the limit is the account's.
    expect((await submit(user, undefined, { ip: freshIp() })).statusCode).toBe(429);
    // A paid service is not limited by it.
    for (let run = 0; run < 3; run += 1) expect((await submit(user, salesPilotJob)).statusCode).toBe(201);

    try {
      offsetMs = 19 * HOUR + 5 * 60_000;
      const later = await submit(user);
      expect(later.json().message).toBe("You have used today's 2 free runs. Please try again in 5 hours.");
      offsetMs = DAY - 30 * 60_000;
      const soon = await submit(user);
      expect(soon.json().message).toBe("You have used today's 2 free runs. Please try again in 30 minutes.");
      expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
      offsetMs = DAY + 1000;
      expect((await submit(user)).statusCode).toBe(201);
    } finally {
      offsetMs = 0;
    }
  });

  it('counts runs per IP across accounts; a refused run gives its account hit back', async () => {
    const ip = freshIp();
    const [first, second, third] = [await client(ip), await client(ip), await client(ip)];
    expect((await submit(first)).statusCode).toBe(201);
    expect((await submit(first)).statusCode).toBe(201);
    expect((await submit(second)).statusCode).toBe(201);
    const refused = await submit(third);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: "Your network has used today's 3 free runs. Please try again in 24 hours.",
      error: { code: 'RATE_LIMITED', meta: { limit: 'ip', max: 3 } },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await jobCount(third.id)).toBe(0);
    // The refused run did not use one of the third account's own runs: from elsewhere it still has two.
    expect((await submit(third, undefined, { ip: freshIp() })).statusCode).toBe(201);
    expect((await submit(third, undefined, { ip: freshIp() })).statusCode).toBe(201);
    expect((await submit(third, undefined, { ip: freshIp() })).statusCode).toBe(429);
  });

  it('a submission refused for another reason uses no free run', async () => {
    const user = await client();
    const scoped = await generateKey(t.app, user.token, { allowedServices: ['sales-pilot'] });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await submit(user, { service: 'ai-background', params: { mode: 'color' }, files: { image: user.photo } })).statusCode).toBe(
        400,
      );
      expect((await submit(user, { service: 'ai-background', params: { mode: 'transparent' }, files: {} })).statusCode).toBe(400);
      expect((await submit(user, undefined, { token: scoped.apiKey })).statusCode).toBe(403);
    }
    expect((await submit(user)).statusCode).toBe(201);
    expect((await submit(user)).statusCode).toBe(201);
    expect((await submit(user)).statusCode).toBe(429);
  });

  it('follows the admin-set cost: a service made free is limited, AI background made paid is not', async () => {
    await updateServiceCost(t.database.db, 'sales-pilot', 0);
    await updateServiceCost(t.database.db, 'ai-background', 1);
    try {
      const user = await client();
      expect((await submit(user, salesPilotJob)).statusCode).toBe(201);
      expect((await submit(user, salesPilotJob)).statusCode).toBe(201);
      expect((await submit(user, salesPilotJob)).statusCode).toBe(429);
      for (let run = 0; run < 3; run += 1) expect((await submit(user)).statusCode).toBe(201);
    } finally {
      await updateServiceCost(t.database.db, 'sales-pilot', 1);
      await updateServiceCost(t.database.db, 'ai-background', 0);
    }
  });

  it('200 parallel submissions get no more than the limit through', async () => {
    const user = await client();
    const responses = await Promise.all(Array.from({ length: 200 }, () => submit(user)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(198);
    expect(await jobCount(user.id)).toBe(2);
    // The refused ones counted nothing against the address either: it has one of its three runs left.
    const neighbour = await client(user.ip);
    expect((await submit(neighbour)).statusCode).toBe(201);
    expect((await submit(neighbour)).statusCode).toBe(429);
  });
});

describe('AI background input size', () => {
  /** A plain PNG (compresses to a few KB, however many pixels). */
  const flatPng = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#4080c0' } })
      .png()
      .toBuffer();

  it(`refuses a photo or background over ${aiBackgroundMaxMegapixels} megapixels with 400 and the limit, without using a free run`, async () => {
    const user = await client();
    const upload = async (width: number, height: number) =>
      (
        await uploadFile(t.app, user.token, { name: `${width}x${height}.png`, type: 'image/png', data: await flatPng(width, height) })
      ).json().data as { id: string };
    const big = await upload(4001, 3000);
    const atLimit = await upload(4000, 3000);

    for (const files of [{ image: big.id }, { image: user.photo, background: big.id }]) {
      const mode = 'background' in files ? 'upload' : 'transparent';
      const refused = await submit(user, { service: 'ai-background', params: { mode }, files });
      const field = 'background' in files ? 'files.background' : 'files.image';
      expect(refused.statusCode).toBe(400);
      const message = 'This image is 12.1 megapixels; AI Background takes images up to 12 megapixels. Please use a smaller image.';
      expect(refused.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', details: [{ field, message }] } });
      expect(refused.json().message).toContain('takes images up to 12 megapixels');
    }
    expect(await jobCount(user.id)).toBe(0);
    // Exactly at the limit is fine, and the refusals above used none of the two free runs.
    expect((await submit(user, background(atLimit.id))).statusCode).toBe(201);
    expect(
      (await submit(user, { service: 'ai-background', params: { mode: 'upload' }, files: { image: user.photo, background: atLimit.id } }))
        .statusCode,
    ).toBe(201);
    // Other services keep the general upload limit.
    const painting = await submit(user, { service: 'speedpainting', params: {}, files: { image: big.id } });
    expect(painting.statusCode).toBe(201);
  });
});
