import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, MAX_ACTIVE_API_KEYS } from '@lumen/core/api-keys/schemas';
import type { ApiKey } from '@lumen/core/api-keys/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { verifiedUser } from '../../test/api-key-helpers.ts';
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
