import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { adminAccessToken } from '../../test/build-test-app.ts';
import { verifiedUser } from '../../test/api-key-helpers.ts';
import { bearer } from '../../test/http-helpers.ts';
import { salesPilotJob, submitJob } from '../../test/job-helpers.ts';
import { msUntil, twoProcessesForFile } from '../../test/two-processes.ts';
import { insertChargedJob } from '../jobs/charged-job.repository.ts';
import { BALANCE_NOTICE_TOPIC } from './balance-cache.ts';
import { grantCredits } from './credits.service.ts';
import { creditAccounts } from './tables.ts';

// Each API process answers GET /credits/balance from memory (balance-cache.ts) until a notice says the account's
// balance changed. What one process charges shows there at once and on the other within a second; so do grants,
// refunds and changes written straight to the database (migration 0016's trigger).
const { first, second } = twoProcessesForFile();

async function balanceOn(app: FastifyInstance, token: string): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data.balance as number;
}

/** Both processes have answered the balance twice (the second answer from memory). */
async function warm(token: string): Promise<number> {
  const balances = [];
  for (const app of [first().app, first().app, second(), second()]) balances.push(await balanceOn(app, token));
  expect(new Set(balances).size).toBe(1);
  return balances[0]!;
}

const shows = (app: () => FastifyInstance, token: string, balance: number) => async () => (await balanceOn(app(), token)) === balance;

describe('balances kept in memory by each API process', () => {
  it('a submission shows in the balance on its own process at once and on the other within a second', async () => {
    const user = await verifiedUser(first().app, first().database.db, 50);
    const before = await warm(user.token);
    const submitted = await submitJob(first().app, user.token, salesPilotJob);
    expect(submitted.statusCode).toBe(201);
    const after = await balanceOn(first().app, user.token);
    expect(after).toBeLessThan(before);
    expect(await msUntil(shows(second, user.token, after))).toBeLessThan(1000);

    const onSecond = await submitJob(second(), user.token, salesPilotJob);
    expect(onSecond.statusCode).toBe(201);
    const twice = await balanceOn(second(), user.token);
    expect(before - twice).toBe(2 * (before - after));
    expect(await msUntil(shows(() => first().app, user.token, twice))).toBeLessThan(1000);
  });

  it('an admin grant and a change written straight to the database reach both processes', async () => {
    const user = await verifiedUser(first().app, first().database.db, 10);
    await warm(user.token);
    const granted = await first().app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.id}/credits`,
      headers: bearer(await adminAccessToken(first().app)),
      payload: { amount: 25, reason: 'Goodwill' },
    });
    expect(granted.statusCode, granted.body).toBeLessThan(300);
    expect(await msUntil(shows(() => first().app, user.token, 35))).toBeLessThan(1000);
    expect(await msUntil(shows(second, user.token, 35))).toBeLessThan(1000);

    await first().database.db.update(creditAccounts).set({ balance: 777 }).where(eq(creditAccounts.userId, user.id));
    expect(await msUntil(shows(() => first().app, user.token, 777))).toBeLessThan(1000);
    expect(await msUntil(shows(second, user.token, 777))).toBeLessThan(1000);
  });

  it('the submission statement leaves its notice to its process; every other balance change announces itself', async () => {
    const { db, changes } = first().database;
    const user = await verifiedUser(first().app, db, 10);
    await changes.catchUp(); // the set-up's own notice is not counted
    const noticed: string[] = [];
    const stop = changes.subscribe({
      onNotice: (notice) => {
        if (notice.topic === BALANCE_NOTICE_TOPIC && notice.key === user.id) noticed.push(notice.key);
      },
      onReset: () => undefined,
    });
    try {
      const id = randomUUID();
      const row = await insertChargedJob(
        db,
        {
          id,
          userId: user.id,
          service: 'sales-pilot',
          params: salesPilotJob.params,
          files: {},
          engineKind: 'builtin',
          engineLabel: 'Built-in',
          idempotencyKey: null,
          idempotencyFingerprint: null,
          apiKeyId: null,
          oauthGrantId: null,
          charge: { idempotencyKey: `job:${id}:charge`, reason: 'Sales pilot job' },
        },
        { paidOnly: true },
      );
      expect(row?.id).toBe(id);
      await changes.catchUp();
      expect(noticed).toEqual([]);

      await grantCredits(db, { userId: user.id, amount: 5, kind: 'purchase', idempotencyKey: `grant:${id}`, reason: 'test' });
      await changes.catchUp();
      await msUntil(async () => noticed.length === 1);
    } finally {
      stop();
    }
  });
});
