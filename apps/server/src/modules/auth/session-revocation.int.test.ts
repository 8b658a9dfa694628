import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';

// Two API processes on one database: `first` and `second` each keep session states in memory. What one of them
// revokes, the other refuses within a second (the database's change notice), not after its cache expires.
let first: TestApp;
let second: FastifyInstance;
let secondDatabase: Database | null = null;

beforeAll(async () => {
  first = await buildTestApp();
  // On PostgreSQL the second app has its own pool and its own listening connection, as another process would; the
  // embedded database lives in one process, so there the second app shares it (and its notices).
  secondDatabase = first.databaseUrl ? await createDatabase({ databaseUrl: first.databaseUrl, maxConnections: 4 }) : null;
  second = await buildApp({ config: first.config, database: secondDatabase ?? first.database, print: () => undefined });
});

afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await first?.close();
});

const balanceOn = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: bearer(token) });

/** Milliseconds until `second` answers 401 to the token, polling every 20 ms; fails after 1 s. */
async function msUntilRefused(token: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const response = await balanceOn(second, token);
    if (response.statusCode === 401) return Date.now() - started;
    expect(response.statusCode).toBe(200);
    if (Date.now() - started > 1000) throw new Error('the second process still accepts the token after 1 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Both processes have answered with the token (so the second keeps its session state) and the feed is listening. */
async function warm(token: string): Promise<void> {
  for (let attempt = 0; attempt < 100 && !(second.database.changes.isLive() && first.database.changes.isLive()); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(second.database.changes.isLive()).toBe(true);
  expect((await balanceOn(first.app, token)).statusCode).toBe(200);
  expect((await balanceOn(second, token)).statusCode).toBe(200);
  expect((await balanceOn(second, token)).statusCode).toBe(200);
}

describe('session revocation across API processes', () => {
  it('a sign-out on one process stops the access token on the other within a second', async () => {
    const { accessToken, refreshToken } = await registerUser(first.app);
    await warm(accessToken);
    const logout = await first.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken },
      headers: bearer(accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expect(await msUntilRefused(accessToken)).toBeLessThan(1000);
    expect((await balanceOn(first.app, accessToken)).statusCode).toBe(401);
  });

  it('a suspension by an admin on one process stops the user on the other within a second', async () => {
    const { user, accessToken } = await registerUser(first.app);
    await warm(accessToken);
    const suspended = await first.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.id}/suspend`,
      headers: bearer(await adminAccessToken(first.app)),
      payload: { reason: 'Chargeback fraud' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await msUntilRefused(accessToken)).toBeLessThan(1000);
  });

  it('another user of the same process keeps working (only the changed user is forgotten)', async () => {
    const stays = await registerUser(first.app);
    const leaves = await registerUser(first.app);
    await warm(stays.accessToken);
    await first.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken: leaves.refreshToken },
      headers: bearer(leaves.accessToken),
    });
    expect(await msUntilRefused(leaves.accessToken)).toBeLessThan(1000);
    expect((await balanceOn(second, stays.accessToken)).statusCode).toBe(200);
  });
});
