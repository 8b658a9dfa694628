import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './access-token.ts';

const secret = 'a-test-secret-of-at-least-thirty-two-characters';
const claims = { userId: '11111111-1111-4111-8111-111111111111', role: 'USER' as const, sessionId: '22222222-2222-4222-8222-222222222222' };

describe('access tokens', () => {
  it('verifies a token it signed, again from memory, and refuses it once it has expired', async () => {
    const token = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    const afterExpiry = Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 5) * 1000;
    expect(await verifyAccessToken(secret, token, afterExpiry)).toBeNull();
  });

  it('refuses a token signed with another secret, even after the right secret verified it', async () => {
    const token = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    expect(await verifyAccessToken(`${secret}-rotated`, token)).toBeNull();
  });

  it('refuses a tampered token and a malformed one', async () => {
    const token = await signAccessToken(secret, claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'ADMIN' })).toString(
      'base64url',
    );
    expect(await verifyAccessToken(secret, `${header}.${forged}.${signature}`)).toBeNull();
    expect(await verifyAccessToken(secret, 'not-a-token')).toBeNull();
  });
});
