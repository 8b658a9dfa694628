import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearer } from './http-helpers.ts';

const REDIRECT = 'http://127.0.0.1:7777/callback';

/**
 * An assistant connected through the whole OAuth flow, as a client and the consent page do it: registration,
 * authorization with PKCE, the user's approval with a session token, and the code exchanged for tokens.
 */
export async function connectApp(
  app: FastifyInstance,
  userToken: string,
  grant: { clientName?: string; services?: string[]; monthlyCreditCap?: number } = {},
): Promise<{ clientId: string; accessToken: string; refreshToken: string }> {
  const registered = await app.inject({
    method: 'POST',
    url: '/oauth/register',
    payload: { client_name: grant.clientName ?? 'Test assistant', redirect_uris: [REDIRECT] },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  const clientId = (registered.json() as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'test-state',
  });
  const authorized = await app.inject({ method: 'GET', url: `/oauth/authorize?${query}` });
  const consentId = new URL(String(authorized.headers.location), 'http://app.test').searchParams.get('request');
  if (!consentId) throw new Error(`authorize failed: ${authorized.statusCode} ${authorized.body}`);
  const decided = await app.inject({
    method: 'POST',
    url: `/api/v1/oauth/authorizations/${consentId}/decision`,
    headers: bearer(userToken),
    payload: { approve: true, services: grant.services ?? ['image-generator'], monthlyCreditCap: grant.monthlyCreditCap ?? 50 },
  });
  if (decided.statusCode !== 200) throw new Error(`consent failed: ${decided.statusCode} ${decided.body}`);
  const code = new URL((decided.json().data as { redirectTo: string }).redirectTo).searchParams.get('code')!;
  const exchanged = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: clientId,
    }).toString(),
  });
  if (exchanged.statusCode !== 200) throw new Error(`token failed: ${exchanged.statusCode} ${exchanged.body}`);
  const tokens = exchanged.json() as { access_token: string; refresh_token: string };
  return { clientId, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}
