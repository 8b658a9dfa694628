import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { adminAccessToken } from '../../test/build-test-app.ts';
import { bearer } from '../../test/http-helpers.ts';
import { msUntil, twoProcessesForFile } from '../../test/two-processes.ts';

// The public catalogue (packages, plans, service costs) is kept in memory by every process until the database
// announces a change, and answered with an ETag so a client that holds it gets a 304.
const { first, second } = twoProcessesForFile();

const costsOn = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/v1/credits/costs', headers });

async function setCost(serviceKey: string, cost: number): Promise<void> {
  const response = await first().app.inject({
    method: 'PUT',
    url: `/api/v1/admin/service-costs/${serviceKey}`,
    headers: bearer(await adminAccessToken(first().app)),
    payload: { cost },
  });
  expect(response.statusCode).toBe(200);
}

describe('the public catalogue kept in memory', () => {
  it('shows an admin’s change at once on the process that made it and within a second on the other', async () => {
    const before = (await costsOn(second())).json().data as Record<string, number>;
    expect((await costsOn(first().app)).json().data).toEqual(before);
    const changed = before['sound-generator']! + 3;

    await setCost('sound-generator', changed);
    expect((await costsOn(first().app)).json().data['sound-generator']).toBe(changed);
    const elapsed = await msUntil(async () => (await costsOn(second())).json().data['sound-generator'] === changed);
    expect(elapsed).toBeLessThan(1000);
  });

  it('answers 304 to a client that holds the current version, and 200 with a new ETag once it changed', async () => {
    const fresh = await costsOn(second());
    const etag = fresh.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const held = await costsOn(second(), { 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');

    const current = (fresh.json().data as Record<string, number>)['image-generator']!;
    await setCost('image-generator', current + 1);
    await msUntil(async () => (await costsOn(second(), { 'if-none-match': etag })).statusCode === 200);
    const after = await costsOn(second(), { 'if-none-match': etag });
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data['image-generator']).toBe(current + 1);
  });

  it('lists the packages and plans the same from memory as from the database, with ETags', async () => {
    for (const url of ['/api/v1/credits/packages', '/api/v1/payment/plans', '/api/v1/payment/credit-packs']) {
      const once = await second().inject({ method: 'GET', url });
      const twice = await second().inject({ method: 'GET', url });
      expect(once.statusCode).toBe(200);
      expect(twice.body).toBe(once.body);
      expect(twice.headers.etag).toBe(once.headers.etag);
    }
  });
});
