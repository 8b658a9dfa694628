import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultServiceCosts } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant } from '../../test/credit-helpers.ts';
import { insertUser } from '../users/users.repository.ts';
import { findCreditAccount, insertCreditAccount } from './credits.repository.ts';
import { adjustCredits, chargeForService, grantCredits, refundCharge } from './credits.service.ts';
import type { MoveCreditsResult } from './credits.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const services = Object.keys(defaultServiceCosts) as ServiceKey[];
const keyIndex = fc.integer({ min: 0, max: 3 }); // a small pool, so keys are often reused

type Operation =
  | { op: 'grant'; amount: number; key: number }
  | { op: 'charge'; service: ServiceKey; key: number }
  | { op: 'refund'; pick: number }
  | { op: 'adjust'; amount: number; key: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant('grant' as const), amount: fc.integer({ min: 1, max: 30 }), key: keyIndex }),
  fc.record({ op: fc.constant('charge' as const), service: fc.constantFrom(...services), key: fc.integer({ min: 0, max: 8 }) }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant('adjust' as const),
    amount: fc.integer({ min: -30, max: 30 }).filter((value) => value !== 0),
    key: keyIndex,
  }),
);

type Used = { kind: string; amount: number; service?: string };

async function newUserId(): Promise<string> {
  const db = t.database.db;
  const user = await insertUser(db, {
    firstName: 'P',
    lastName: 'T',
    email: `prop-${randomBytes(6).toString('hex')}@example.com`,
    passwordHash: 'x',
  });
  await insertCreditAccount(db, user.id);
  return user.id;
}

/** Runs one operation against the service and a plain model; both must agree. */
async function step(
  userId: string,
  model: { balance: number; spent: number; used: Map<string, Used>; charges: Array<{ id: string; cost: number }>; refunded: Set<string> },
  o: Operation,
) {
  const db = t.database.db;
  const outcome = async (run: () => Promise<MoveCreditsResult>) => {
    try {
      return { ok: await run() };
    } catch (error) {
      return { status: (error as { statusCode?: number }).statusCode ?? 500 };
    }
  };
  if (o.op === 'grant' || o.op === 'adjust') {
    const key = `${userId}:${o.op}:${o.key}`;
    const kind = o.op === 'grant' ? 'purchase' : 'admin_adjustment';
    const result = await outcome(() =>
      o.op === 'grant'
        ? grantCredits(db, { userId, amount: o.amount, kind: 'purchase', idempotencyKey: key })
        : adjustCredits(db, { userId, actorUserId: userId, amount: o.amount, reason: 'property', idempotencyKey: key }),
    );
    const earlier = model.used.get(key);
    if (earlier) {
      if (earlier.amount === o.amount && earlier.kind === kind) expect(result.ok?.isReplay).toBe(true);
      else expect(result.status).toBe(409);
      return;
    }
    if (model.balance + o.amount < 0) {
      expect(result.status).toBe(409);
      return;
    }
    expect(result.ok).toMatchObject({ isReplay: false, balanceAfter: model.balance + o.amount });
    model.balance += o.amount;
    model.used.set(key, { kind, amount: o.amount });
    return;
  }
  if (o.op === 'charge') {
    const key = `${userId}:charge:${o.key}`;
    const cost = defaultServiceCosts[o.service];
    const result = await outcome(() => chargeForService(db, { userId, serviceKey: o.service, idempotencyKey: key }));
    const earlier = model.used.get(key);
    if (earlier) {
      if (earlier.service === o.service) expect(result.ok?.isReplay).toBe(true);
      else expect(result.status).toBe(409);
      return;
    }
    if (model.balance < cost) {
      expect(result.status).toBe(402);
      return;
    }
    expect(result.ok).toMatchObject({ isReplay: false, balanceAfter: model.balance - cost });
    model.balance -= cost;
    model.spent += cost;
    model.used.set(key, { kind: 'job_charge', amount: -cost, service: o.service });
    model.charges.push({ id: result.ok!.ledgerEntryId, cost });
    return;
  }
  if (model.charges.length === 0) return;
  const charge = model.charges[o.pick % model.charges.length]!;
  const result = await outcome(() => refundCharge(db, { userId, chargeEntryId: charge.id }));
  expect(result.ok?.isReplay).toBe(model.refunded.has(charge.id));
  if (!model.refunded.has(charge.id)) {
    model.balance += charge.cost;
    model.spent -= charge.cost;
    model.refunded.add(charge.id);
  }
}

describe('ledger property', () => {
  it('random grants, charges, refunds and adjustments (with reused keys) keep balance = sum(ledger) >= 0 and spent right', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const userId = await newUserId();
        const model = {
          balance: 0,
          spent: 0,
          used: new Map<string, Used>(),
          charges: [] as Array<{ id: string; cost: number }>,
          refunded: new Set<string>(),
        };
        for (const o of operations) await step(userId, model, o);
        expect(await expectLedgerInvariant(t.database.db, userId)).toBe(model.balance);
        expect((await findCreditAccount(t.database.db, userId))?.spent).toBe(model.spent);
      }),
      { numRuns: 60 },
    );
  });
});
