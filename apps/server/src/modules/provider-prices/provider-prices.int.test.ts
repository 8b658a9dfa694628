import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Job } from '@lumen/core/jobs/schemas';
import { providerPriceMessages, providerPricesSchema } from '@lumen/core/admin/provider-prices';
import type { ProviderPrices } from '@lumen/core/admin/provider-prices';
import { createEngineRegistry } from '@lumen/engines';
import type { FakeServer } from '@lumen/engines/testing';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, noisePng, submitJob, uploadFile } from '../../test/job-helpers.ts';
import { falEnginesConfig, startFakeFal } from '../../test/fake-fal-app.ts';
import { createJobEvents, createJobWorker } from '../jobs/index.ts';
import { jobs } from '../jobs/tables.ts';
import { jobProviders } from '../providers/index.ts';
import { expectedJobCostMicroUsd, expectedProviderCostMicroUsd, loadPricing, marginLines } from './pricing.service.ts';

let fal: FakeServer;
let t: TestApp;
let engines: ReturnType<typeof createEngineRegistry>;
let admin: string;
let token: string;
let userId: string;

const prices = async (): Promise<ProviderPrices> => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/provider-prices', headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return providerPricesSchema.parse(response.json().data);
};
const put = (url: string, payload: Record<string, unknown>, as = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/provider-prices/${url}`, payload, headers: bearer(as) });
const auditOf = async (action: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/admin/audit-log?action=${action}`, headers: bearer(admin) });
  return response.json().data.items as { action: string; targetId: string; before: unknown; after: unknown }[];
};
const runJobs = async () => {
  const worker = createJobWorker({
    providers: jobProviders,
    db: t.database.db,
    storage: t.app.storage,
    engines,
    events: createJobEvents(),
    log: t.app.log,
    options: fastWorker,
  });
  worker.start();
  await worker.idle();
  await worker.stop();
};
const rowOf = async (id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

beforeAll(async () => {
  ({ server: fal } = await startFakeFal());
  // The image generator and the (free) AI background on fal; the fake serves the image model only.
  engines = createEngineRegistry(
    falEnginesConfig(fal, {
      kinds: { ...falEnginesConfig(fal).kinds, 'ai-background': 'remote' },
      providers: { 'image-generator': ['fal'], 'ai-background': ['fal'] },
    }),
    { pollIntervalMs: 20 },
  );
  t = await buildTestApp({ jobs: { runWorker: false, engines } });
  admin = await adminAccessToken(t.app);
  const user = await registerUser(t.app);
  token = user.accessToken;
  userId = user.user.id;
  await setBalance(t.database.db, userId, 50);
});
afterAll(async () => {
  await t.close();
  await fal.close();
});

describe('the admin providers page: credit value, expected cost and margin per service', () => {
  it('values a credit at the cheapest package and shows each service’s expected cost and margin at default parameters', async () => {
    const data = await prices();
    // The seeded packages: 350 credits for $49 is the cheapest credit, $0.14.
    expect(data.creditValue).toEqual({ usdPerCredit: 0.14, packageName: '350 Credits' });
    const images = data.services.find((row) => row.service === 'image-generator')!;
    expect(images).toMatchObject({
      engine: 'remote',
      credits: 1,
      revenueUsd: 0.14,
      providers: [{ provider: 'fal', model: 'fal-ai/flux/schnell', expectedUsd: 0.003 }],
      expectedUsd: 0.003,
      withinHalf: true,
      belowCost: false,
      allowedBelowCost: false,
    });
    expect(images.marginUsd).toBeCloseTo(0.137, 6);
    // A free service on a paid provider earns nothing: it sells below cost until an admin says otherwise.
    expect(data.services.find((row) => row.service === 'ai-background')).toMatchObject({
      credits: 0,
      revenueUsd: 0,
      expectedUsd: 0.002,
      belowCost: true,
      allowedBelowCost: false,
    });
    expect(data.services.find((row) => row.service === 'speedpainting')).toMatchObject({
      engine: 'builtin',
      expectedUsd: 0,
      belowCost: false,
    });
    // Every default provider and model has its price on the page, with its source and date.
    const fluxOnFal = data.prices.find((price) => price.provider === 'fal' && price.model === 'fal-ai/flux/schnell')!;
    expect(fluxOnFal).toMatchObject({ inUse: true, confirmed: true, source: 'https://fal.ai/models/fal-ai/flux/schnell' });
    expect(fluxOnFal.rates).toEqual([
      { rate: 'megapixel', unit: 'megapixel', publishedUsd: 0.003, overrideUsd: null, overriddenAt: null, overriddenBy: null },
    ]);
    // 16 default pairs, 15 prices: gpt-image-2.6-flare serves both AI background and image generation.
    expect(data.prices.filter((price) => price.inUse)).toHaveLength(15);
  });

  it('names every service on a hosted provider at start-up, and says which one sells below cost', async () => {
    const lines = marginLines(await loadPricing(t.database.db), engines);
    expect(lines).toEqual([
      {
        service: 'ai-background',
        belowCost: true,
        line: 'ai-background costs $0.0020 per job at default parameters on fal (fal-ai/birefnet/v2); it is free (0 credits); margin $-0.0020; SELLS BELOW COST: its jobs are refused until an admin allows it on /admin/providers',
      },
      {
        service: 'image-generator',
        belowCost: false,
        line: 'image-generator costs $0.0030 per job at default parameters on fal (fal-ai/flux/schnell); 1 credit(s) earn $0.140; margin $0.137',
      },
    ]);
  });

  it('is for admins only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/provider-prices', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
    expect(
      (await put('override', { provider: 'fal', model: 'fal-ai/flux/schnell', rate: 'megapixel', usdPerUnit: 0 }, token)).statusCode,
    ).toBe(403);
  });
});

describe('an admin’s price override', () => {
  it('changes the cost a finished job records and the expected cost, is audited, and can be taken back', async () => {
    const saved = await put('override', { provider: 'fal', model: 'fal-ai/flux/schnell', rate: 'megapixel', usdPerUnit: 0.006 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(providerPriceMessages.overrideSaved);
    const page = providerPricesSchema.parse(saved.json().data);
    expect(page.services.find((row) => row.service === 'image-generator')!.expectedUsd).toBe(0.006);
    const rate = page.prices.find((price) => price.model === 'fal-ai/flux/schnell')!.rates[0]!;
    expect(rate).toMatchObject({ publishedUsd: 0.003, overrideUsd: 0.006 });
    expect(rate.overriddenBy).toMatch(/@/);
    // What the budget reserves for a job, and for one provider's request, follows the override too.
    const deps = { db: t.database.db, engines };
    const fourByThree = { prompt: 'a red fox', aspectRatio: '4:3', numberOfImages: 2 };
    expect(await expectedJobCostMicroUsd(deps, 'image-generator', fourByThree)).toBe(12_000);
    expect(await expectedProviderCostMicroUsd(deps, 'image-generator', { name: 'fal', model: 'fal-ai/flux/schnell' }, fourByThree)).toBe(
      12_000,
    );

    const submitted = await submitJob(t.app, token, {
      service: 'image-generator',
      params: { prompt: 'a red fox', aspectRatio: '4:3' },
      files: {},
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const job = submitted.json().data as Job;
    await runJobs();
    // One megapixel at the admin's $0.006 instead of the published $0.003.
    expect(await rowOf(job.id)).toMatchObject({ status: 'succeeded', provider: 'fal', providerCostMicroUsd: 6000 });

    const [entry] = await auditOf('provider_price.override');
    expect(entry).toMatchObject({
      targetId: 'fal fal-ai/flux/schnell megapixel',
      before: { usdPerUnit: null },
      after: { usdPerUnit: 0.006 },
    });

    const cleared = await put('override', { provider: 'fal', model: 'fal-ai/flux/schnell', rate: 'megapixel', usdPerUnit: null });
    expect(cleared.json().message).toBe(providerPriceMessages.overrideCleared);
    expect(providerPricesSchema.parse(cleared.json().data).services.find((row) => row.service === 'image-generator')!.expectedUsd).toBe(
      0.003,
    );
    expect((await auditOf('provider_price.override'))[0]).toMatchObject({ before: { usdPerUnit: 0.006 }, after: { usdPerUnit: null } });
  });

  it('refuses a unit that has no price on record, and a negative price', async () => {
    const unknown = await put('override', { provider: 'fal', model: 'fal-ai/flux/schnell', rate: 'gpu-second', usdPerUnit: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(providerPriceMessages.unknownPrice);
    const negative = await put('override', { provider: 'fal', model: 'fal-ai/flux/schnell', rate: 'megapixel', usdPerUnit: -1 });
    expect(negative.statusCode).toBe(400);
  });
});

describe('selling below cost', () => {
  it('refuses a job of a service whose expected cost is above what its credits earn, charging nothing, until an admin allows it', async () => {
    const uploaded = await uploadFile(t.app, token, { name: 'photo.png', type: 'image/png', data: await noisePng() });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json().data.id as string;
    const job = { service: 'ai-background', params: { mode: 'transparent' }, files: { image } };
    const balance = await expectLedgerInvariant(t.database.db, userId);

    const refused = await submitJob(t.app, token, job);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      message: providerPriceMessages.belowCost,
      error: { code: 'SERVICE_UNAVAILABLE', meta: { reason: 'below_cost' } },
    });
    expect(await expectLedgerInvariant(t.database.db, userId)).toBe(balance);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/jobs?service=ai-background', headers: bearer(token) });
    expect(listed.json().data.items).toHaveLength(0);

    const allowed = await put('below-cost', { service: 'ai-background', allowed: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(providerPricesSchema.parse(allowed.json().data).services.find((row) => row.service === 'ai-background')).toMatchObject({
      belowCost: true,
      allowedBelowCost: true,
    });
    expect((await auditOf('provider_price.below_cost'))[0]).toMatchObject({
      targetId: 'ai-background',
      before: { allowed: false },
      after: { allowed: true },
    });
    const accepted = await submitJob(t.app, token, job);
    expect(accepted.statusCode, accepted.body).toBe(201);

    await put('below-cost', { service: 'ai-background', allowed: false });
    expect((await submitJob(t.app, token, job)).statusCode).toBe(503);
  });

  it('refuses a paid job whose parameters cost more than its credits earn', async () => {
    // At $0.05 per megapixel four 16:9 images (one megapixel each) cost $0.20, more than the credit earns ($0.14); one costs $0.05.
    await put('override', { provider: 'fal', model: 'fal-ai/flux/schnell', rate: 'megapixel', usdPerUnit: 0.05 });
    const four = { service: 'image-generator', params: { prompt: 'a red fox', aspectRatio: '16:9', numberOfImages: 4 }, files: {} };
    const refused = await submitJob(t.app, token, four);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.meta).toMatchObject({ reason: 'below_cost', expectedUsd: 0.2, revenueUsd: 0.14 });
    const one = await submitJob(t.app, token, { ...four, params: { prompt: 'a red fox', numberOfImages: 1 } });
    expect(one.statusCode, one.body).toBe(201);
    await put('override', { provider: 'fal', model: 'fal-ai/flux/schnell', rate: 'megapixel', usdPerUnit: null });
  });
});
