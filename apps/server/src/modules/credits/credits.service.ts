import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import {
  applyBalanceChange,
  findCreditAccount,
  findLedgerEntryByKey,
  insertLedgerEntry,
} from './credits.repository.ts';
import type { LedgerKind } from './tables.ts';

export type MoveCreditsInput = {
  userId: string;
  /** Signed whole credits: positive grants, negative charges. */
  amount: number;
  kind: LedgerKind;
  /** Unique per business event, e.g. `signup:<userId>`, `job:<jobId>:charge`. */
  idempotencyKey: string;
  reason?: string;
};

export type MoveCreditsResult = {
  ledgerEntryId: string;
  amount: number;
  balanceAfter: number;
  /** True when the key had been used before: nothing changed this time. */
  isReplay: boolean;
};

function spentDeltaFor(kind: LedgerKind, amount: number): number {
  if (kind === 'job_charge') return -amount;
  if (kind === 'job_refund') return -amount;
  return 0;
}

class ReplayDetected extends Error {}

/**
 * The only way credits move (DESIGN.md §5): in one transaction, change the balance with a
 * conditional update that cannot go below zero and append the ledger row with its unique
 * idempotency key. Replaying a key returns the first result and changes nothing.
 * Pass a transaction as `db` to make the move part of a larger unit of work.
 */
export async function moveCredits(db: Db, input: MoveCreditsInput): Promise<MoveCreditsResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) {
    throw new Error(`moveCredits: amount must be a non-zero integer, got ${input.amount}`);
  }
  const replayOf = async (): Promise<MoveCreditsResult | null> => {
    const existing = await findLedgerEntryByKey(db, input.idempotencyKey);
    if (!existing) return null;
    if (existing.userId !== input.userId || existing.amount !== input.amount) {
      throw new Error(`moveCredits: idempotency key ${input.idempotencyKey} was used for a different movement`);
    }
    return { ledgerEntryId: existing.id, amount: existing.amount, balanceAfter: existing.balanceAfter, isReplay: true };
  };

  const earlier = await replayOf();
  if (earlier) return earlier;

  try {
    return await db.transaction(async (tx) => {
      const updated = await applyBalanceChange(tx, {
        userId: input.userId,
        amount: input.amount,
        spentDelta: spentDeltaFor(input.kind, input.amount),
      });
      if (!updated) {
        const account = await findCreditAccount(tx, input.userId);
        if (!account) throw new Error(`moveCredits: user ${input.userId} has no credit account`);
        throw new AppError(
          'INSUFFICIENT_CREDITS',
          402,
          `Not enough credits: this needs ${-input.amount} and your balance is ${account.balance}`,
        );
      }
      try {
        const entry = await insertLedgerEntry(tx, {
          userId: input.userId,
          amount: input.amount,
          balanceAfter: updated.balance,
          kind: input.kind,
          idempotencyKey: input.idempotencyKey,
          reason: input.reason ?? null,
        });
        return { ledgerEntryId: entry.id, amount: entry.amount, balanceAfter: entry.balanceAfter, isReplay: false };
      } catch (error) {
        // Someone else committed the same key first: undo our balance change.
        if (isUniqueViolation(error)) throw new ReplayDetected();
        throw error;
      }
    });
  } catch (error) {
    if (error instanceof ReplayDetected || isUniqueViolation(error)) {
      const replay = await replayOf();
      if (replay) return replay;
    }
    throw error;
  }
}
