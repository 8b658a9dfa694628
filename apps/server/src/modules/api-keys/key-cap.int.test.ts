import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, MAX_ACTIVE_API_KEYS } from '@lumen/core/api-keys/schemas';
import type { ApiKey } from '@lumen/core/api-keys/schemas';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';
import { bearer } from '../../test/http-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const generate = (token: string, name: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/api-keys/generate', headers: bearer(token), payload: { name } });
const listKeys = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: bearer(token) })).json().data as ApiKey[];

describe('at most 25 active API keys per account', () => {
  it('200 parallel generations leave exactly 25 keys; the rest are a 409 saying why; revoking one frees a place', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const responses = await Promise.all(Array.from({ length: 200 }, (_, index) => generate(user.token, `key ${index}`)));
    const created = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(created).toHaveLength(MAX_ACTIVE_API_KEYS);
    expect(refused).toHaveLength(200 - MAX_ACTIVE_API_KEYS);
    expect(refused[0]!.json()).toMatchObject({
      message: apiKeyMessages.tooManyKeys,
      error: { code: 'CONFLICT', meta: { limit: MAX_ACTIVE_API_KEYS } },
    });
    const keys = await listKeys(user.token);
    expect(keys.filter((key) => key.status === 'active')).toHaveLength(MAX_ACTIVE_API_KEYS);

    const revoke = await t.app.inject({ method: 'PUT', url: `/api/v1/api-keys/${keys[0]!.id}/revoke`, headers: bearer(user.token) });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await generate(user.token, 'after a revocation')).statusCode).toBe(201);
    expect((await generate(user.token, 'one too many')).statusCode).toBe(409);
  });

  it("counts each account's own keys", async () => {
    const other = await verifiedUser(t.app, t.database.db);
    expect((await generate(other.token, 'first')).statusCode).toBe(201);
  });
});

describe("the admin sees and revokes a user's keys", () => {
  it('lists them, revokes one (it fails on its next request), and refuses a key of another user or a non-admin', async () => {
    const admin = await adminAccessToken(t.app);
    const owner = await verifiedUser(t.app, t.database.db);
    const stranger = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, owner.token, { name: 'leaked' });
    const strangersKey = await generateKey(t.app, stranger.token);
    const balanceByKey = (apiKey: string) => t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: xApiKey(apiKey) });
    expect((await balanceByKey(key.apiKey)).statusCode).toBe(200);

    const listed = await t.app.inject({ method: 'GET', url: `/api/v1/admin/users/${owner.id}/api-keys`, headers: bearer(admin) });
    expect(listed.json().data).toEqual([expect.objectContaining({ id: key.id, name: 'leaked', status: 'active' })]);

    const revokeUrl = (userId: string, keyId: string) => `/api/v1/admin/users/${userId}/api-keys/${keyId}/revoke`;
    expect((await t.app.inject({ method: 'PUT', url: revokeUrl(owner.id, key.id), headers: bearer(owner.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: revokeUrl(owner.id, strangersKey.id), headers: bearer(admin) })).statusCode).toBe(404);
    const revoked = await t.app.inject({ method: 'PUT', url: revokeUrl(owner.id, key.id), headers: bearer(admin) });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ data: { id: key.id, status: 'revoked' }, message: apiKeyMessages.revoked });

    expect((await balanceByKey(key.apiKey)).statusCode).toBe(401);
    expect((await balanceByKey(strangersKey.apiKey)).statusCode).toBe(200);
    expect((await listKeys(owner.token)).find((item) => item.id === key.id)?.status).toBe('revoked');
  });
});
