import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant, setBalance } from '../../test/credit-helpers.ts';
import { registerUser } from '../../test/http-helpers.ts';
import { salesPilotJob, submitJob } from '../../test/job-helpers.ts';
import { creditLedger } from '../credits/tables.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { jobs } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: false, engines: fakeRegistry() } });
});
afterAll(async () => t.close());

describe('parallel submissions against one balance', () => {
  it('50 parallel POST /jobs with credits for 10: exactly 10 accepted, 40 refused with 402, ledger agrees', async () => {
    const user = await registerUser(t.app);
    await setBalance(t.database.db, user.user.id, 10);
    const responses = await Promise.all(Array.from({ length: 50 }, () => submitJob(t.app, user.accessToken, salesPilotJob)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 402)).toHaveLength(40);
    expect(responses.find((response) => response.statusCode === 402)?.json().error).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      meta: { balance: 0, cost: 1 },
    });
    expect(await expectLedgerInvariant(t.database.db, user.user.id)).toBe(0);
    const created = await t.database.db.select().from(jobs).where(eq(jobs.userId, user.user.id));
    expect(created).toHaveLength(10);
    const charges = (await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.user.id))).filter(
      (row) => row.kind === 'job_charge',
    );
    expect(charges).toHaveLength(10);
    expect(new Set(created.map((job) => job.chargeLedgerId))).toEqual(new Set(charges.map((charge) => charge.id)));
  });
});
