import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findServiceCost } from './catalogue.repository.ts';
import {
  applyBalanceChange,
  findCreditAccount,
  findLedgerEntryById,
  findLedgerEntryByKey,
  insertLedgerEntry,
} from './credits.repository.ts';
import type { CreditLedgerRow, LedgerKind } from './tables.ts';

export type MoveCreditsInput = {
  userId: string;
  /** Signed whole credits: positive grants, negative charges (0 only for a free service's job rows). */
  amount: number;
  kind: LedgerKind;
  /** Unique per business event, e.g. `signup:<userId>`, `job:<jobId>:charge`. */
  idempotencyKey: string;
  reason?: string;
  /** Charges and refunds: the service and its cost per use at the time. */
  serviceKey?: string;
  unitCost?: number;
  /** Admin adjustments: the admin who made it. */
  actorUserId?: string;
  /** The error thrown when the balance is too low (default: 402 INSUFFICIENT_CREDITS). */
  insufficientError?: (balance: number, needed: number) => AppError;
};

export type MoveCreditsResult = {
  ledgerEntryId: string;
  amount: number;
  balanceAfter: number;
  /** True when the key had been used before: nothing changed this time. */
  isReplay: boolean;
};

export const creditWord = (count: number) => (Math.abs(count) === 1 ? 'credit' : 'credits');

export function insufficientCreditsError(balance: number, needed: number): AppError {
  return new AppError(
    'INSUFFICIENT_CREDITS',
    402,
    `Insufficient credits: this needs ${needed} ${creditWord(needed)} and your balance is ${balance}`,
    { meta: { balance, cost: needed } },
  );
}

const zeroAllowedKinds: readonly LedgerKind[] = ['job_charge', 'job_refund'];

/** Lifetime spent: up on charges, down on refunds. */
function spentDeltaFor(kind: LedgerKind, amount: number): number {
  return kind === 'job_charge' || kind === 'job_refund' ? -amount : 0;
}

function resultOf(row: CreditLedgerRow, isReplay: boolean): MoveCreditsResult {
  return { ledgerEntryId: row.id, amount: row.amount, balanceAfter: row.balanceAfter, isReplay };
}

class ReplayDetected extends Error {}

/**
 * The only way credits move (decision 004): in one transaction, change the balance with a
 * conditional update that cannot go below zero and append the ledger row with its unique
 * idempotency key. Replaying a key returns the first result and changes nothing.
 * Pass a transaction as `db` to make the move part of a larger unit of work.
 */
export async function moveCredits(db: Db, input: MoveCreditsInput): Promise<MoveCreditsResult> {
  const zeroAllowed = zeroAllowedKinds.includes(input.kind);
  if (!Number.isSafeInteger(input.amount) || (input.amount === 0 && !zeroAllowed)) {
    throw new Error(`moveCredits: amount must be a non-zero integer, got ${input.amount}`);
  }
  const replayOf = async (): Promise<MoveCreditsResult | null> => {
    const existing = await findLedgerEntryByKey(db, input.idempotencyKey);
    if (!existing) return null;
    if (existing.userId !== input.userId || existing.amount !== input.amount || existing.kind !== input.kind) {
      throw new AppError('CONFLICT', 409, 'This idempotency key was already used for a different request');
    }
    return resultOf(existing, true);
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
        throw (input.insufficientError ?? insufficientCreditsError)(account.balance, -input.amount);
      }
      try {
        const entry = await insertLedgerEntry(tx, {
          userId: input.userId,
          amount: input.amount,
          balanceAfter: updated.balance,
          kind: input.kind,
          idempotencyKey: input.idempotencyKey,
          reason: input.reason ?? null,
          serviceKey: input.serviceKey ?? null,
          unitCost: input.unitCost ?? null,
          actorUserId: input.actorUserId ?? null,
        });
        return resultOf(entry, false);
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

/** Adds credits (a purchase, a subscription period, the sign-up bonus). */
export async function grantCredits(
  db: Db,
  input: {
    userId: string;
    amount: number;
    kind: 'purchase' | 'subscription_grant' | 'signup_bonus';
    idempotencyKey: string;
    reason?: string;
  },
): Promise<MoveCreditsResult> {
  if (input.amount <= 0) throw new Error(`grantCredits: amount must be positive, got ${input.amount}`);
  return moveCredits(db, input);
}

export type ChargeResult = MoveCreditsResult & { serviceKey: string; cost: number };

/**
 * Charges one use of a service at its current cost (read from the database and stored on the
 * ledger row as a snapshot). Replaying the key returns the first charge even if the cost changed.
 */
export async function chargeForService(
  db: Db,
  input: { userId: string; serviceKey: string; idempotencyKey: string; reason?: string },
): Promise<ChargeResult> {
  const existing = await findLedgerEntryByKey(db, input.idempotencyKey);
  if (existing) {
    if (existing.userId !== input.userId || existing.kind !== 'job_charge' || existing.serviceKey !== input.serviceKey) {
      throw new AppError('CONFLICT', 409, 'This idempotency key was already used for a different request');
    }
    return { ...resultOf(existing, true), serviceKey: input.serviceKey, cost: existing.unitCost ?? 0 - existing.amount };
  }
  const cost = await findServiceCost(db, input.serviceKey);
  if (cost === null) throw new AppError('NOT_FOUND', 404, `Unknown service: ${input.serviceKey}`);
  const result = await moveCredits(db, {
    userId: input.userId,
    amount: 0 - cost, // never -0
    kind: 'job_charge',
    idempotencyKey: input.idempotencyKey,
    reason: input.reason,
    serviceKey: input.serviceKey,
    unitCost: cost,
  });
  return { ...result, serviceKey: input.serviceKey, cost: 0 - result.amount };
}

/** Gives a charge back once, however often it is asked (keyed by the charge). */
export async function refundCharge(db: Db, input: { userId: string; chargeEntryId: string; reason?: string }): Promise<MoveCreditsResult> {
  const charge = await findLedgerEntryById(db, input.chargeEntryId);
  if (!charge || charge.userId !== input.userId || charge.kind !== 'job_charge') {
    throw new AppError('NOT_FOUND', 404, 'That charge does not exist');
  }
  return moveCredits(db, {
    userId: input.userId,
    amount: 0 - charge.amount,
    kind: 'job_refund',
    idempotencyKey: `refund:${charge.id}`,
    reason: input.reason,
    serviceKey: charge.serviceKey ?? undefined,
    unitCost: charge.unitCost ?? undefined,
  });
}

export function negativeAdjustmentError(balance: number): AppError {
  return new AppError('CONFLICT', 409, `Adjustment would make the balance negative (current balance ${balance})`);
}

/** An admin's signed adjustment with its reason; a deduction below zero is a 409. */
export async function adjustCredits(
  db: Db,
  input: { userId: string; actorUserId: string; amount: number; reason: string; idempotencyKey: string },
): Promise<MoveCreditsResult> {
  return moveCredits(db, {
    userId: input.userId,
    amount: input.amount,
    kind: 'admin_adjustment',
    idempotencyKey: input.idempotencyKey,
    reason: input.reason,
    actorUserId: input.actorUserId,
    insufficientError: (balance) => negativeAdjustmentError(balance),
  });
}
