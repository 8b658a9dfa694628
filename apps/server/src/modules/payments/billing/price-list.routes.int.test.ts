import { describe, expect, it } from 'vitest';
import {
  creditPackageListSchema,
  creditPackageSchema,
  paymentUsageSchema,
  subscriptionPlanListSchema,
  subscriptionPlanSchema,
} from '@lumen/core/credits/schemas';
import { appForFile, registerUser } from '../../../test/http-helpers.ts';
import { updatePackage, listPackages } from '../../credits/catalogue.repository.ts';
import { chargeForService, grantCredits, refundCharge } from '../../credits/credits.service.ts';
import { listPlans, updatePlan } from '../plans/plans.repository.ts';

const { app, db, get } = appForFile();
/** A write straight to the database reaches the cached catalogue through the change feed: wait for its notice. */
const noticed = () => app().database.changes.catchUp();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('GET /payment/plans', () => {
  it('lists the seeded active plans in order, price in dollars', async () => {
    const response = await get('/payment/plans');
    expect(response.statusCode).toBe(200);
    const plans = subscriptionPlanListSchema.parse(response.json().data);
    expect(plans.map((plan) => [plan.name, plan.price, plan.interval, plan.creditsPerPeriod, plan.sortOrder])).toEqual([
      ['Creator', 15, 'month', 100, 1],
      ['Studio', 39, 'month', 300, 2],
    ]);
    expect(plans[0]?.features.length).toBeGreaterThan(0);
  });

  it('gets one plan; 404 for an unknown or inactive one, 400 for a non-uuid id', async () => {
    const [creator, studio] = await listPlans(db());
    const ok = await get(`/payment/plans/${creator!.id}`);
    expect(ok.statusCode).toBe(200);
    expect(subscriptionPlanSchema.parse(ok.json().data)).toMatchObject({ id: creator!.id, name: 'Creator' });

    await updatePlan(db(), studio!.id, { isActive: false });
    await noticed();
    try {
      expect((await get('/payment/plans')).json().data.map((plan: { name: string }) => plan.name)).toEqual(['Creator']);
      for (const id of [studio!.id, UNKNOWN_ID]) {
        const missing = await get(`/payment/plans/${id}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ success: false, message: 'Subscription plan not found', error: { code: 'NOT_FOUND' } });
      }
    } finally {
      await updatePlan(db(), studio!.id, { isActive: true });
      await noticed();
    }
    const bad = await get('/payment/plans/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ field: 'id', message: 'id must be a UUID' }]);
  });
});

describe('GET /payment/credit-packs', () => {
  it('is the same list as /credits/packages', async () => {
    const packs = await get('/payment/credit-packs');
    expect(packs.statusCode).toBe(200);
    expect(creditPackageListSchema.parse(packs.json().data)).toEqual((await get('/credits/packages')).json().data);
  });

  it('gets one pack; 404 for unknown, inactive or archived; 400 for a non-uuid id', async () => {
    const [first, second, third] = await listPackages(db());
    const ok = await get(`/payment/credit-packs/${first!.id}`);
    expect(ok.statusCode).toBe(200);
    expect(creditPackageSchema.parse(ok.json().data)).toMatchObject({ name: '20 Credits', price: 5, creditsAmount: 20 });

    await updatePackage(db(), second!.id, { isActive: false });
    await updatePackage(db(), third!.id, { archivedAt: new Date() });
    await noticed();
    try {
      for (const id of [second!.id, third!.id, UNKNOWN_ID]) {
        const missing = await get(`/payment/credit-packs/${id}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ success: false, message: 'Credit package not found' });
      }
      const names = (await get('/payment/credit-packs')).json().data.map((pack: { name: string }) => pack.name);
      expect(names).toEqual(['20 Credits', '350 Credits']);
    } finally {
      await updatePackage(db(), second!.id, { isActive: true });
      await updatePackage(db(), third!.id, { archivedAt: null });
      await noticed();
    }
    expect((await get('/payment/credit-packs/123')).statusCode).toBe(400);
  });
});

describe('GET /payment/usage', () => {
  it('needs a signed-in user', async () => {
    expect((await get('/payment/usage')).statusCode).toBe(401);
  });

  it('shows the free plan, balance, spent and uses left per service for a new user', async () => {
    const { accessToken } = await registerUser(app());
    const response = await get('/payment/usage', accessToken);
    expect(response.statusCode).toBe(200);
    const usage = paymentUsageSchema.strict().parse(response.json().data);
    expect(usage).toMatchObject({ balance: 5, spent: 0, hasPurchased: false, plan: { id: 'free', name: 'Starter' } });
    expect(usage.services.map((s) => [s.serviceKey, s.cost, s.usesLeft])).toEqual([
      ['ai-background', 0, 'unlimited'],
      ['image-generator', 1, 5],
      ['virtual-try-on', 2, 2],
      ['speedpainting', 5, 1],
      ['sales-pilot', 1, 5],
      ['sound-generator', 2, 2],
    ]);
    expect(usage.services[0]).toMatchObject({ name: 'AI Background', creditsSpent: 0, uses: 0 });
  });

  it('counts uses and credits per service (refunds given back) and knows a purchase', async () => {
    const { user, accessToken } = await registerUser(app());
    await grantCredits(db(), { userId: user.id, amount: 50, kind: 'purchase', idempotencyKey: `order:${user.id}` });
    const charge = await chargeForService(db(), { userId: user.id, serviceKey: 'virtual-try-on', idempotencyKey: `c1:${user.id}` });
    await chargeForService(db(), { userId: user.id, serviceKey: 'virtual-try-on', idempotencyKey: `c2:${user.id}` });
    await chargeForService(db(), { userId: user.id, serviceKey: 'virtual-try-on', idempotencyKey: `c3:${user.id}` });
    await refundCharge(db(), { userId: user.id, chargeEntryId: charge.ledgerEntryId });
    const usage = paymentUsageSchema.parse((await get('/payment/usage', accessToken)).json().data);
    expect(usage).toMatchObject({ balance: 51, spent: 4, hasPurchased: true, plan: { id: 'credits' } });
    expect(usage.services.find((s) => s.serviceKey === 'virtual-try-on')).toMatchObject({ creditsSpent: 4, uses: 2, usesLeft: 25 });
  });
});
