import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages } from '@lumen/core/api-keys/schemas';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant } from '../../test/credit-helpers.ts';
import { bearer } from '../../test/http-helpers.ts';
import { salesPilotJob, submitJob, uploadFile } from '../../test/job-helpers.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';

/** Inputs refused before any credit moves, and what the refusal says. */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: false, engines: fakeRegistry() } });
});
afterAll(async () => t?.close());

const jobCount = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(token) })).json().data.total as number;

describe('a sales-pilot call too short to analyse', () => {
  it('is refused with 400 when pasted (under 12 words of speech), charging nothing and making no job', async () => {
    const user = await verifiedUser(t.app, t.database.db, 10);
    const response = await submitJob(t.app, user.token, {
      service: 'sales-pilot',
      params: { text: 'Anna: Hi Ben, shall we talk about the price?\nBen: Yes please.' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'params.text: The transcript is too short to analyse: 10 words of speech, at least 12 needed',
      error: { code: 'VALIDATION_ERROR', details: [{ field: 'params.text' }] },
    });
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(10);
    expect(await jobCount(user.token)).toBe(0);
    // Twelve words and more are taken (and charged).
    expect((await submitJob(t.app, user.token, salesPilotJob)).statusCode).toBe(201);
  });

  it('is refused with 400 when uploaded as a transcript file, so no job can be charged for it', async () => {
    const user = await verifiedUser(t.app, t.database.db, 10);
    const vtt =
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Anna>Hello Ben, thanks for joining.\n\n00:00:04.000 --> 00:00:05.000\n<v Ben>Sure.\n';
    const refused = await uploadFile(
      t.app,
      user.token,
      { name: 'call.vtt', type: 'text/vtt', data: Buffer.from(vtt) },
      { purpose: 'transcript' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'The transcript is too short to analyse: 6 words of speech, at least 12 needed',
      error: { code: 'VALIDATION_ERROR', details: [{ field: 'file' }] },
    });
    const longer = `${vtt}\n00:00:06.000 --> 00:00:09.000\n<v Anna>What does your team use for quotes today, and how long does one take?\n`;
    const accepted = await uploadFile(
      t.app,
      user.token,
      { name: 'call.vtt', type: 'text/vtt', data: Buffer.from(longer) },
      { purpose: 'transcript' },
    );
    expect(accepted.statusCode).toBe(201);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(10);
  });
});

describe('the monthly cap of an API key', () => {
  it('reports the credits really used this month, not counting the refused job', async () => {
    const user = await verifiedUser(t.app, t.database.db, 50);
    const key = await generateKey(t.app, user.token, { monthlyCreditCap: 2 });
    expect((await submitJob(t.app, key.apiKey, salesPilotJob, xApiKey(key.apiKey))).statusCode).toBe(201);
    expect((await submitJob(t.app, key.apiKey, salesPilotJob, xApiKey(key.apiKey))).statusCode).toBe(201);
    const capped = await submitJob(t.app, key.apiKey, salesPilotJob, xApiKey(key.apiKey));
    expect(capped.statusCode).toBe(402);
    expect(capped.json()).toMatchObject({
      message: apiKeyMessages.monthlyCapReached,
      error: { code: 'INSUFFICIENT_CREDITS', meta: { monthlyCreditCap: 2, creditsUsedThisMonth: 2, cost: 1 } },
    });
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(48);
  });
});
