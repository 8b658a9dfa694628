import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/app-error.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { registerUser } from '../../test/http-helpers.ts';
import { findCreditAccount, listLedgerEntries, sumLedger } from './credits.repository.ts';
import { updateServiceCost } from './catalogue.repository.ts';
import { adjustCredits, chargeForService, grantCredits, moveCredits, refundCharge } from './credits.service.ts';

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

describe('chargeForService, refundCharge, adjustCredits', () => {
  it('200 parallel charges of a 1-credit service against 50: 50 succeed, 150 get a clear 402', async () => {
    const userId = await newUserWithBalance(50);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        chargeForService(t.database.db, { userId, serviceKey: 'image-generator', idempotencyKey: `svc:${userId}:${index}` }),
      ),
    );
    const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(50);
    expect(failed).toHaveLength(150);
    expect(failed[0]?.reason).toMatchObject({
      statusCode: 402,
      message: 'Insufficient credits: this needs 1 credit and your balance is 0',
    });
    expect(await expectLedgerInvariant(userId)).toBe(0);
    expect((await findCreditAccount(t.database.db, userId))?.spent).toBe(50);
  });

  it('snapshots the cost at the time, and a replay returns the first charge after the cost changed', async () => {
    const userId = await newUserWithBalance(20);
    const first = await chargeForService(t.database.db, { userId, serviceKey: 'speedpainting', idempotencyKey: `snap:${userId}` });
    expect(first).toMatchObject({ amount: -5, cost: 5, balanceAfter: 15, isReplay: false });
    await updateServiceCost(t.database.db, 'speedpainting', 7);
    try {
      const replay = await chargeForService(t.database.db, { userId, serviceKey: 'speedpainting', idempotencyKey: `snap:${userId}` });
      expect(replay).toEqual({ ...first, isReplay: true });
      const second = await chargeForService(t.database.db, { userId, serviceKey: 'speedpainting', idempotencyKey: `snap2:${userId}` });
      expect(second).toMatchObject({ amount: -7, cost: 7, balanceAfter: 8 });
      const rows = await listLedgerEntries(t.database.db, userId);
      expect(rows.filter((row) => row.kind === 'job_charge').map((row) => [row.serviceKey, row.unitCost])).toEqual([
        ['speedpainting', 5],
        ['speedpainting', 7],
      ]);
    } finally {
      await updateServiceCost(t.database.db, 'speedpainting', 5);
    }
    expect(await expectLedgerInvariant(userId)).toBe(8);
  });

  it('charges nothing for a free (cost 0) service but records the use', async () => {
    const userId = await newUserWithBalance(0);
    const result = await chargeForService(t.database.db, { userId, serviceKey: 'ai-background', idempotencyKey: `free:${userId}` });
    expect(result).toMatchObject({ amount: 0, cost: 0, balanceAfter: 0 });
    expect(await expectLedgerInvariant(userId)).toBe(0);
  });

  it('refuses an unknown service with 404', async () => {
    const userId = await newUserWithBalance(5);
    await expect(chargeForService(t.database.db, { userId, serviceKey: 'nope', idempotencyKey: `nope:${userId}` })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('refunds a charge once however often asked, and moves spent back', async () => {
    const userId = await newUserWithBalance(10);
    const charge = await chargeForService(t.database.db, { userId, serviceKey: 'virtual-try-on', idempotencyKey: `r:${userId}` });
    const refunds = await Promise.all(
      Array.from({ length: 5 }, () => refundCharge(t.database.db, { userId, chargeEntryId: charge.ledgerEntryId })),
    );
    expect(refunds.filter((refund) => !refund.isReplay)).toHaveLength(1);
    expect(await expectLedgerInvariant(userId)).toBe(10);
    expect((await findCreditAccount(t.database.db, userId))?.spent).toBe(0);
    const other = await newUserWithBalance(1);
    await expect(refundCharge(t.database.db, { userId: other, chargeEntryId: charge.ledgerEntryId })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('an adjustment below zero is a 409 naming the current balance', async () => {
    const userId = await newUserWithBalance(4);
    const adminId = userId;
    await expect(
      adjustCredits(t.database.db, { userId, actorUserId: adminId, amount: -5, reason: 'test', idempotencyKey: `a:${userId}` }),
    ).rejects.toMatchObject({ statusCode: 409, message: 'Adjustment would make the balance negative (current balance 4)' });
    expect(await expectLedgerInvariant(userId)).toBe(4);
  });

  it('grants only positive amounts; a reused key with another amount is a 409', async () => {
    const userId = await newUserWithBalance(0);
    await expect(grantCredits(t.database.db, { userId, amount: -1, kind: 'purchase', idempotencyKey: 'neg' })).rejects.toThrow();
    await grantCredits(t.database.db, { userId, amount: 20, kind: 'purchase', idempotencyKey: `order:${userId}:x` });
    await expect(
      grantCredits(t.database.db, { userId, amount: 21, kind: 'purchase', idempotencyKey: `order:${userId}:x` }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await expectLedgerInvariant(userId)).toBe(20);
  });
});
