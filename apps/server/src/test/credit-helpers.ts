import { expect } from 'vitest';
import type { Db } from '../db/database.ts';
import { findCreditAccount, sumLedger } from '../modules/credits/credits.repository.ts';
import { moveCredits } from '../modules/credits/credits.service.ts';

/** Tops a user up (or down) to `balance` with an admin adjustment. */
export async function setBalance(db: Db, userId: string, balance: number): Promise<void> {
  const account = await findCreditAccount(db, userId);
  const delta = balance - (account?.balance ?? 0);
  if (delta !== 0) {
    await moveCredits(db, {
      userId,
      amount: delta,
      kind: 'admin_adjustment',
      idempotencyKey: `test-set-balance:${userId}:${Date.now()}:${Math.random()}`,
      reason: 'test set-up',
    });
  }
}

/** balance = sum(ledger) >= 0; returns the balance. */
export async function expectLedgerInvariant(db: Db, userId: string): Promise<number> {
  const account = await findCreditAccount(db, userId);
  expect(account).not.toBeNull();
  expect(account!.balance).toBeGreaterThanOrEqual(0);
  expect(account!.balance).toBe(await sumLedger(db, userId));
  return account!.balance;
}
