import type { Db } from '../../db/database.ts';
import { clientOf, hitLimit } from '../limits/index.ts';
import type { Limit } from '../limits/index.ts';
import { OAuthError } from './oauth-error.ts';
import { newClientId } from './oauth-secrets.ts';
import { oauthClients } from './tables.ts';
import type { OauthClientRow } from './tables.ts';

/** Registrations one address (its /64 for IPv6) may make per hour; counted and checked in one statement. */
export const REGISTRATIONS_PER_ADDRESS: Limit = { max: 20, windowMs: 60 * 60_000 };
const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const MAX_NAME_LENGTH = 100;
export const UNNAMED_CLIENT = 'Unnamed MCP client';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const registrationMessages = {
  redirectUrisRequired: 'redirect_uris must list 1 to 10 addresses',
  redirectUriNotAllowed: (uri: string) =>
    `Redirect URI not allowed: ${uri} (use https, or http on localhost or 127.0.0.1, without a fragment)`,
  authMethod: 'token_endpoint_auth_method must be "none": this server registers public clients that prove themselves with PKCE',
  grantTypes: 'grant_types may only list authorization_code and refresh_token',
  responseTypes: 'response_types may only list code',
  tooMany: (seconds: number) => `Too many client registrations from this address; try again in ${seconds} seconds`,
} as const;

/** An https address, or http on a loopback host (RFC 8252 §7.3 native apps), absolute and without a fragment. */
export function isAllowedRedirectUri(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_URI_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (value.includes('#') || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

function optionalUri(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_URI_LENGTH) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The name as registered, on one line and at most 100 characters; nobody has checked it. */
function clientNameOf(value: unknown): string {
  if (typeof value !== 'string') return UNNAMED_CLIENT;
  const name = value
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_NAME_LENGTH);
  return name === '' ? UNNAMED_CLIENT : name;
}

function onlyFrom(value: unknown, allowed: readonly string[]): boolean {
  return value === undefined || (Array.isArray(value) && value.every((item) => typeof item === 'string' && allowed.includes(item)));
}

export type RegisteredClient = {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  client_uri?: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none';
};

export function registeredClientOf(row: OauthClientRow): RegisteredClient {
  return {
    client_id: row.clientId,
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    client_name: row.clientName,
    ...(row.clientUri ? { client_uri: row.clientUri } : {}),
    redirect_uris: row.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/**
 * RFC 7591 dynamic client registration of a public client: the metadata is checked (redirect URIs https or
 * loopback http only), the address's registrations counted atomically (429 past 20 an hour), and the client stored.
 */
export async function registerClient(db: Db, metadata: unknown, ip: string, now: Date): Promise<RegisteredClient> {
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) {
    throw new OAuthError('invalid_client_metadata', 'The body must be a JSON object of client metadata (RFC 7591)');
  }
  const body = metadata as Record<string, unknown>;
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw new OAuthError('invalid_redirect_uri', registrationMessages.redirectUrisRequired);
  }
  for (const uri of uris) {
    if (!isAllowedRedirectUri(uri)) throw new OAuthError('invalid_redirect_uri', registrationMessages.redirectUriNotAllowed(String(uri)));
  }
  const method = body.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') throw new OAuthError('invalid_client_metadata', registrationMessages.authMethod);
  if (!onlyFrom(body.grant_types, ['authorization_code', 'refresh_token'])) {
    throw new OAuthError('invalid_client_metadata', registrationMessages.grantTypes);
  }
  if (!onlyFrom(body.response_types, ['code'])) throw new OAuthError('invalid_client_metadata', registrationMessages.responseTypes);

  const hit = await hitLimit(db, `oauth-register:${clientOf(ip)}`, REGISTRATIONS_PER_ADDRESS, now);
  if (!hit.allowed) {
    throw new OAuthError('too_many_requests', registrationMessages.tooMany(hit.retryAfterSeconds), 429, hit.retryAfterSeconds);
  }
  const [row] = await db
    .insert(oauthClients)
    .values({
      clientId: newClientId(),
      clientName: clientNameOf(body.client_name),
      clientUri: optionalUri(body.client_uri),
      redirectUris: [...new Set(uris as string[])],
      registeredIp: ip,
      createdAt: now,
    })
    .returning();
  return registeredClientOf(row!);
}
