import { describe, expect, it } from 'vitest';
import {
  adjustCreditsBodySchema,
  createCreditPackageBodySchema,
  createSubscriptionPlanBodySchema,
  reorderBodySchema,
  updateCreditPackageBodySchema,
  updateServiceCostBodySchema,
} from './schemas.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('admin schemas', () => {
  it('takes a price in dollars: at least 0.01, at most 2 decimals, at most 10 000', () => {
    const base = { name: 'Pro', creditsAmount: 50 };
    for (const price of [0.01, 9, 19.99, 0.07, 10_000])
      expect(createCreditPackageBodySchema.safeParse({ ...base, price }).success).toBe(true);
    expect(messages(createCreditPackageBodySchema.safeParse({ ...base, price: 9.999 }))).toEqual(['Price must have at most 2 decimals']);
    expect(messages(createCreditPackageBodySchema.safeParse({ ...base, price: 0 }))).toEqual(['Price must be at least 0.01']);
    // Under a cent rounds to 0 cents, which the tables refuse: refused here with a message, never a 500.
    expect(messages(createCreditPackageBodySchema.safeParse({ ...base, price: 1e-9 }))).toEqual(['Price must be at least 0.01']);
    expect(createCreditPackageBodySchema.safeParse({ ...base, price: 0.004 }).success).toBe(false);
    expect(createSubscriptionPlanBodySchema.safeParse({ name: 'P', price: 1e-9, interval: 'month', creditsPerPeriod: 1 }).success).toBe(
      false,
    );
    expect(createCreditPackageBodySchema.safeParse({ ...base, price: 10_000.01 }).success).toBe(false);
    expect(createCreditPackageBodySchema.safeParse({ ...base, price: '9' }).success).toBe(false);
  });

  it('takes whole credits 1..1 000 000 and refuses unknown fields', () => {
    const base = { name: 'Pro', price: 9 };
    expect(createCreditPackageBodySchema.safeParse({ ...base, creditsAmount: 1_000_000 }).success).toBe(true);
    expect(createCreditPackageBodySchema.safeParse({ ...base, creditsAmount: 1_000_001 }).success).toBe(false);
    expect(createCreditPackageBodySchema.safeParse({ ...base, creditsAmount: 2.5 }).success).toBe(false);
    expect(createCreditPackageBodySchema.safeParse({ ...base, creditsAmount: 5, sortOrder: 1 }).success).toBe(false);
  });

  it('needs at least one field to update', () => {
    expect(messages(updateCreditPackageBodySchema.safeParse({}))).toEqual(['Nothing to update']);
    expect(updateCreditPackageBodySchema.parse({ name: ' Plus ' })).toEqual({ name: 'Plus' });
  });

  it('defaults a plan description and features; the interval is month or year', () => {
    const plan = { name: 'Creator', price: 15, interval: 'month', creditsPerPeriod: 100 };
    expect(createSubscriptionPlanBodySchema.parse(plan)).toMatchObject({ description: '', features: [] });
    expect(createSubscriptionPlanBodySchema.safeParse({ ...plan, interval: 'week' }).success).toBe(false);
  });

  it('reorders with unique UUIDs', () => {
    const id = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
    expect(reorderBodySchema.safeParse({ ids: [id] }).success).toBe(true);
    expect(messages(reorderBodySchema.safeParse({ ids: [id, id] }))).toEqual(['ids must not repeat']);
    expect(reorderBodySchema.safeParse({ ids: ['nope'] }).success).toBe(false);
    expect(reorderBodySchema.safeParse({ ids: [] }).success).toBe(false);
  });

  it('limits a service cost to whole numbers 0..1000', () => {
    expect(updateServiceCostBodySchema.safeParse({ cost: 0 }).success).toBe(true);
    expect(updateServiceCostBodySchema.safeParse({ cost: 1001 }).success).toBe(false);
    expect(updateServiceCostBodySchema.safeParse({ cost: -1 }).success).toBe(false);
  });

  it('needs a non-zero whole adjustment and a trimmed reason of 3..500 characters', () => {
    expect(adjustCreditsBodySchema.parse({ amount: -5, reason: '  refund  ' })).toEqual({ amount: -5, reason: 'refund' });
    expect(messages(adjustCreditsBodySchema.safeParse({ amount: 0, reason: 'ok!' }))).toEqual(['Amount cannot be 0']);
    expect(messages(adjustCreditsBodySchema.safeParse({ amount: 1, reason: ' ab ' }))).toEqual([
      'The reason must be at least 3 characters',
    ]);
    expect(adjustCreditsBodySchema.safeParse({ amount: 1 }).success).toBe(false);
    expect(adjustCreditsBodySchema.safeParse({ amount: 1_000_001, reason: 'big' }).success).toBe(false);
  });
});
