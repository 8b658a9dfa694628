import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { adminAccessToken } from '../../test/build-test-app.ts';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';
import { bearer } from '../../test/http-helpers.ts';
import { msUntil, twoProcessesForFile } from '../../test/two-processes.ts';
import { apiKeys } from './tables.ts';

// Each process keeps the rows of the keys it has seen (key-row-cache.ts). What one process revokes, deletes, rolls or
// suspends, the other refuses within a second (the database's change notice), and the process that made the change
// refuses on the very next request.
const { first, second } = twoProcessesForFile();

const balanceOn = (app: FastifyInstance, key: string) =>
  app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: xApiKey(key) });

const refusedBy = (app: () => FastifyInstance, key: string) => async () => {
  const response = await balanceOn(app(), key);
  if (response.statusCode !== 401) expect(response.statusCode).toBe(200);
  return response.statusCode === 401;
};

/** Both processes have answered with the key, so both keep its row. */
async function warm(key: string): Promise<void> {
  for (const app of [first().app, second(), second()]) expect((await balanceOn(app, key)).statusCode).toBe(200);
}

async function keyOfNewUser() {
  const user = await verifiedUser(first().app, first().database.db);
  const key = await generateKey(first().app, user.token, { rateLimit: 1000 });
  await warm(key.apiKey);
  return { user, key };
}

describe('API key changes across API processes', () => {
  it('a revocation on one process stops the key there at once and on the other within a second', async () => {
    const { user, key } = await keyOfNewUser();
    const revoked = await first().app.inject({ method: 'PUT', url: `/api/v1/api-keys/${key.id}/revoke`, headers: bearer(user.token) });
    expect(revoked.statusCode).toBe(200);
    expect((await balanceOn(first().app, key.apiKey)).statusCode).toBe(401);
    expect(await msUntil(refusedBy(second, key.apiKey))).toBeLessThan(1000);
  });

  it('a deletion, a roll without grace and an owner’s suspension stop the key on the other process within a second', async () => {
    const deleted = await keyOfNewUser();
    const gone = await first().app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${deleted.key.id}`,
      headers: bearer(deleted.user.token),
    });
    expect(gone.statusCode).toBe(200);
    expect(await msUntil(refusedBy(second, deleted.key.apiKey))).toBeLessThan(1000);

    const rolled = await keyOfNewUser();
    const roll = await first().app.inject({
      method: 'POST',
      url: `/api/v1/api-keys/${rolled.key.id}/roll`,
      headers: bearer(rolled.user.token),
      payload: { grace: 'none' },
    });
    expect(roll.statusCode).toBe(201);
    expect(await msUntil(refusedBy(second, rolled.key.apiKey))).toBeLessThan(1000);
    expect((await balanceOn(second(), roll.json().data.apiKey as string)).statusCode).toBe(200);

    const suspended = await keyOfNewUser();
    const suspension = await first().app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${suspended.user.id}/suspend`,
      headers: bearer(await adminAccessToken(first().app)),
      payload: { reason: 'Chargeback fraud' },
    });
    expect(suspension.statusCode).toBe(200);
    expect(await msUntil(refusedBy(second, suspended.key.apiKey))).toBeLessThan(1000);
  });

  it('a change written straight to the database reaches both processes; other keys keep working', async () => {
    const stays = await keyOfNewUser();
    const leaves = await keyOfNewUser();
    await first().database.db.update(apiKeys).set({ status: 'revoked', revokedAt: new Date() }).where(eq(apiKeys.id, leaves.key.id));
    await first().app.database.changes.catchUp();
    expect((await balanceOn(first().app, leaves.key.apiKey)).statusCode).toBe(401);
    expect(await msUntil(refusedBy(second, leaves.key.apiKey))).toBeLessThan(1000);
    expect((await balanceOn(second(), stays.key.apiKey)).statusCode).toBe(200);
  });

  it('the last-used stamp, written all the time, does not announce a change', async () => {
    const { key } = await keyOfNewUser();
    const heard: string[] = [];
    const stop = second().database.changes.subscribe({
      onNotice: (notice) => heard.push(`${notice.topic}:${notice.key}`),
      onReset: () => undefined,
    });
    try {
      await first().database.db.update(apiKeys).set({ lastUsedAt: new Date(), lastUsedIp: '192.0.2.1' }).where(eq(apiKeys.id, key.id));
      await first().database.db.update(apiKeys).set({ rateLimit: 999 }).where(eq(apiKeys.id, key.id));
      await msUntil(async () => heard.includes(`api_keys:${key.id}`));
      expect(heard.filter((notice) => notice === `api_keys:${key.id}`)).toHaveLength(1);
    } finally {
      stop();
    }
  });
});
