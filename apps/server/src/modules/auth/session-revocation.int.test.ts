import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { adminAccessToken } from '../../test/build-test-app.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { msUntil, twoProcessesForFile } from '../../test/two-processes.ts';

// Each process keeps session states in memory. What one process revokes, the other refuses within a second (the
// database's change notice), not once its copy expires.
const { first, second } = twoProcessesForFile();

const balanceOn = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: bearer(token) });

const refusedBySecond = (token: string) => async () => {
  const response = await balanceOn(second(), token);
  if (response.statusCode !== 401) expect(response.statusCode).toBe(200);
  return response.statusCode === 401;
};

/** Both processes have answered with the token, so the second keeps its session state. */
async function warm(token: string): Promise<void> {
  expect((await balanceOn(first().app, token)).statusCode).toBe(200);
  expect((await balanceOn(second(), token)).statusCode).toBe(200);
  expect((await balanceOn(second(), token)).statusCode).toBe(200);
}

describe('session revocation across API processes', () => {
  it('a sign-out on one process stops the access token on the other within a second', async () => {
    const { accessToken, refreshToken } = await registerUser(first().app);
    await warm(accessToken);
    const logout = await first().app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken },
      headers: bearer(accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expect(await msUntil(refusedBySecond(accessToken))).toBeLessThan(1000);
    expect((await balanceOn(first().app, accessToken)).statusCode).toBe(401);
  });

  it('a suspension by an admin on one process stops the user on the other within a second', async () => {
    const { user, accessToken } = await registerUser(first().app);
    await warm(accessToken);
    const suspended = await first().app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.id}/suspend`,
      headers: bearer(await adminAccessToken(first().app)),
      payload: { reason: 'Chargeback fraud' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await msUntil(refusedBySecond(accessToken))).toBeLessThan(1000);
  });

  it('another user keeps working (only the changed user is forgotten)', async () => {
    const stays = await registerUser(first().app);
    const leaves = await registerUser(first().app);
    await warm(stays.accessToken);
    await warm(leaves.accessToken);
    await first().app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken: leaves.refreshToken },
      headers: bearer(leaves.accessToken),
    });
    expect(await msUntil(refusedBySecond(leaves.accessToken))).toBeLessThan(1000);
    expect((await balanceOn(second(), stays.accessToken)).statusCode).toBe(200);
  });
});
