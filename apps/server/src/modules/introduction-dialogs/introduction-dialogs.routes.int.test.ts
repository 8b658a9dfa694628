import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { tryOnGarments, tryOnModels } from '../try-on/tables.ts';
import { eq } from 'drizzle-orm';
import { noClientLimits } from '../../config/client-limits.ts';
import { createPasswordHasher } from '../auth/index.ts';
import { seedDatabase } from '../../seed.ts';
import { UNLIMITED_AI_BACKGROUND_BODY } from './default-dialogs.ts';
import { introductionDialogs } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  // Free tools limited to 50 runs a day per account, the default outside tests.
  t = await buildTestApp({
    jobs: { runWorker: false, engines: fakeRegistry() },
    config: { clientLimits: { ...noClientLimits, freeJobsPerAccount: { max: 50, windowMs: 24 * 60 * 60_000 } } },
  });
});
afterAll(async () => t.close());

describe('introduction dialogs and the try-on catalogue for users', () => {
  it('shows the seeded dialog until it is dismissed, for good', async () => {
    const user = await registerUser(t.app);
    const url = '/api/v1/introduction-dialogs/speedpainting';
    const first = await t.app.inject({ method: 'GET', url, headers: bearer(user.accessToken) });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ service: 'speedpainting', title: 'Welcome to Speed Painting', enabled: true, seen: false });
    for (let i = 0; i < 2; i += 1) {
      const dismissed = await t.app.inject({ method: 'POST', url: `${url}/dismiss`, headers: bearer(user.accessToken) });
      expect(dismissed.json()).toEqual({ success: true, data: { seen: true } });
    }
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(user.accessToken) })).json().data.seen).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/introduction-dialogs/nope', headers: bearer(user.accessToken) })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it("AI Background's dialog states the same daily limit as the tool's price list, and an old unlimited text is corrected", async () => {
    const user = await registerUser(t.app);
    const services = (await t.app.inject({ method: 'GET', url: '/api/v1/services', headers: bearer(user.accessToken) })).json().data as {
      key: string;
      freeRunsPerDay?: number;
    }[];
    const limit = services.find((service) => service.key === 'ai-background')?.freeRunsPerDay;
    expect(limit).toBe(50);
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/introduction-dialogs/ai-background', headers: bearer(user.accessToken) })).json()
        .data.body as string;
    expect(await read()).toContain(`AI Background is free to use, up to ${limit} runs a day.`);
    expect(await read()).not.toContain('as often as you like');

    // A database seeded with the old text gets the new one on the next start; an admin's own text stays.
    await t.database.db
      .update(introductionDialogs)
      .set({ body: UNLIMITED_AI_BACKGROUND_BODY })
      .where(eq(introductionDialogs.service, 'ai-background'));
    expect(await read()).toContain('as often as you like');
    const seed = () =>
      seedDatabase({
        db: t.database.db,
        hasher: createPasswordHasher({ isCheap: true }),
        adminEmail: undefined,
        adminPassword: undefined,
        print: () => undefined,
      });
    await seed();
    expect(await read()).toContain(`up to ${limit} runs a day.`);
    await t.database.db.update(introductionDialogs).set({ body: 'Our own words.' }).where(eq(introductionDialogs.service, 'ai-background'));
    await seed();
    expect(await read()).toBe('Our own words.');
  });

  it('lists active try-on models and garments with signed image links', async () => {
    const user = await registerUser(t.app);
    await t.app.storage.put('try-on/models/m1', Buffer.from('model'));
    await t.database.db.insert(tryOnModels).values([
      { name: 'Ava', category: 'top', storageKey: 'try-on/models/m1' },
      { name: 'Hidden', category: 'top', storageKey: 'try-on/models/m2', isActive: false },
    ]);
    await t.database.db.insert(tryOnGarments).values({ name: 'Blue shirt', category: 'top', storageKey: 'try-on/garments/g1' });
    const models = (await t.app.inject({ method: 'GET', url: '/api/v1/try-on/models', headers: bearer(user.accessToken) })).json().data;
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({ name: 'Ava', category: 'top' });
    expect((await t.app.inject({ method: 'GET', url: models[0].imageUrl })).body).toBe('model');
    const garments = (await t.app.inject({ method: 'GET', url: '/api/v1/try-on/garments', headers: bearer(user.accessToken) })).json().data;
    expect(garments).toEqual([expect.objectContaining({ name: 'Blue shirt', category: 'top' })]);
  });
});
