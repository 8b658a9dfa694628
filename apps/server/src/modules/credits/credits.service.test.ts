import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/app-error.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { registerUser } from '../../test/http-helpers.ts';
import { findCreditAccount, listLedgerEntries, sumLedger } from './credits.repository.ts';
import { moveCredits } from './credits.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function newUserWithBalance(balance: number): Promise<string> {
  const { user } = await registerUser(t.app);
  if (balance !== user.credit.balance) {
    await moveCredits(t.database.db, {
      userId: user.id,
      amount: balance - user.credit.balance,
      kind: 'admin_adjustment',
      idempotencyKey: `test-topup:${user.id}`,
    });
  }
  return user.id;
}

async function expectLedgerInvariant(userId: string): Promise<number> {
  const account = await findCreditAccount(t.database.db, userId);
  expect(account).not.toBeNull();
  expect(account!.balance).toBeGreaterThanOrEqual(0);
  expect(account!.balance).toBe(await sumLedger(t.database.db, userId));
  return account!.balance;
}

describe('moveCredits', () => {
  it('replaying an idempotency key returns the first result and changes nothing', async () => {
    const userId = await newUserWithBalance(10);
    const input = { userId, amount: -3, kind: 'job_charge' as const, idempotencyKey: `job:${userId}:1:charge` };
    const first = await moveCredits(t.database.db, input);
    const second = await moveCredits(t.database.db, input);
    expect(first).toMatchObject({ amount: -3, balanceAfter: 7, isReplay: false });
    expect(second).toEqual({ ...first, isReplay: true });
    const entries = await listLedgerEntries(t.database.db, userId);
    expect(entries.filter((entry) => entry.idempotencyKey === input.idempotencyKey)).toHaveLength(1);
    expect(await expectLedgerInvariant(userId)).toBe(7);
    expect((await findCreditAccount(t.database.db, userId))?.spent).toBe(3);
  });

  it('the same key sent in parallel is applied once', async () => {
    const userId = await newUserWithBalance(5);
    const input = { userId, amount: 20, kind: 'purchase' as const, idempotencyKey: `order:${userId}` };
    const results = await Promise.all(Array.from({ length: 10 }, () => moveCredits(t.database.db, input)));
    expect(results.filter((result) => !result.isReplay)).toHaveLength(1);
    expect(new Set(results.map((result) => result.ledgerEntryId)).size).toBe(1);
    expect(await expectLedgerInvariant(userId)).toBe(25);
  });

  it('refuses to go below zero with a 402 INSUFFICIENT_CREDITS AppError and writes nothing', async () => {
    const userId = await newUserWithBalance(2);
    const before = await listLedgerEntries(t.database.db, userId);
    const error = await moveCredits(t.database.db, {
      userId,
      amount: -3,
      kind: 'job_charge',
      idempotencyKey: `job:${userId}:too-big`,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_CREDITS', statusCode: 402 });
    expect(await listLedgerEntries(t.database.db, userId)).toHaveLength(before.length);
    expect(await expectLedgerInvariant(userId)).toBe(2);
  });

  it('200 parallel 1-credit charges against 50 credits: exactly 50 succeed, the balance ends at 0', async () => {
    const userId = await newUserWithBalance(50);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        moveCredits(t.database.db, { userId, amount: -1, kind: 'job_charge', idempotencyKey: `job:${userId}:${index}` }),
      ),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(succeeded).toHaveLength(50);
    expect(failed).toHaveLength(150);
    for (const failure of failed) {
      expect(failure.reason).toBeInstanceOf(AppError);
      expect(failure.reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS', statusCode: 402 });
    }
    expect(await expectLedgerInvariant(userId)).toBe(0);
    expect((await findCreditAccount(t.database.db, userId))?.spent).toBe(50);
    const balances = (await listLedgerEntries(t.database.db, userId)).map((entry) => entry.balanceAfter);
    expect(Math.min(...balances)).toBe(0);
  });

  it('refuses a zero or fractional amount as a programming error', async () => {
    const userId = await newUserWithBalance(5);
    await expect(moveCredits(t.database.db, { userId, amount: 0, kind: 'purchase', idempotencyKey: 'zero' })).rejects.toThrow();
    await expect(moveCredits(t.database.db, { userId, amount: 1.5, kind: 'purchase', idempotencyKey: 'frac' })).rejects.toThrow();
  });
});
