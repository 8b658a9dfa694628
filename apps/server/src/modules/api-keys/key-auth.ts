import type { FastifyRequest } from 'fastify';
import {
  apiKeyExpiredMessage,
  apiKeyIpNotAllowedMessage,
  apiKeyMessages,
  apiKeyPreviousSecretEndedMessage,
} from '@lumen/core/api-keys/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { accountSuspendedMessage } from '@lumen/core/users/suspension';
import { AppError } from '../../plugins/app-error.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { countFailedKeyRequest } from './failed-key-requests.ts';
import { isAllowedIp } from './ip-allow-list.ts';
import { hashApiKey, hashesEqual, isWellFormedApiKey, looksLikeApiKey } from './key-secrets.ts';
import { failedAuthOf } from '../limits/index.ts';

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** The key a request is authenticated with (request.apiKey). */
export type RequestApiKey = {
  id: string;
  userId: string;
  rateLimit: number;
  allowedServices: ServiceKey[] | null;
  monthlyCreditCap: number | null;
  /** RateLimit-* header values for this response. */
  limit: { remaining: number; resetSeconds: number };
};

/**
 * Counts `calls` more requests against the per-minute limit of the request's key (authenticated) and updates its
 * RateLimit-* values; past the limit the whole request is a 429 with Retry-After. A JSON-RPC batch on /mcp counts each
 * of its messages after the one its HTTP request counted.
 */
export async function countKeyRequests(request: FastifyRequest, calls: number): Promise<void> {
  const key = request.apiKey;
  if (!key || calls < 1) return;
  const hit = await request.server.apiKeys.rateLimitStore.hit(`key:${key.id}`, RATE_LIMIT_WINDOW_MS, calls);
  const resetSeconds = Math.max(1, Math.ceil((hit.resetAtMs - Date.now()) / 1000));
  key.limit = { remaining: Math.max(0, key.rateLimit - hit.count), resetSeconds };
  if (hit.count > key.rateLimit) {
    throw new AppError('RATE_LIMITED', 429, `Too many requests. Please try again in ${resetSeconds} seconds.`, {
      retryAfterSeconds: resetSeconds,
    });
  }
}

/** The API key a request carries (X-API-Key, or a Bearer token that starts with sk_live_), or null. */
export function apiKeyCredential(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] && looksLikeApiKey(match[1]) ? match[1] : null;
}

/**
 * A secret that matches no live key (unknown, revoked, deleted, or a rolled key's ended secret): counted against the
 * address's failed authentications and its global limit, so a key-guessing client gets 429 (with Retry-After) instead
 * of `refusal` once either is used up.
 */
async function refuseUnknownKey(request: FastifyRequest, client: string, refusal: AppError): Promise<never> {
  await failedAuthOf(request.server).countFailure(client);
  await countFailedKeyRequest(request);
  throw refusal;
}

/**
 * Authenticates an API key on a route marked `config: { apiKey: true }` (403 elsewhere): one indexed
 * lookup by hash (the current secret, or the one a roll replaced), kept in memory until the database announces a
 * change of the key or its owner (key-row-cache.ts), so a revoked, deleted or expired key, a key of a suspended
 * user or a request from outside the key's IP allow-list fails on its very next request. Then counts the request against the key's per-minute limit (429 past it) and acts
 * as the key's owner.
 */
export async function authenticateApiKey(request: FastifyRequest, credential: string): Promise<void> {
  if (request.routeOptions.config?.apiKey !== true) throw new AppError('FORBIDDEN', 403, apiKeyMessages.notAllowedHere);
  const invalid = () => new AppError('UNAUTHORIZED', 401, apiKeyMessages.invalidKey);
  const client = clientAddress(request);
  // An address that has used up its failed authentications is refused before any hash or lookup.
  failedAuthOf(request.server).refuseIfLockedOut(client);
  // A malformed key costs no lookup either (it never skipped the global per-address limit).
  if (!isWellFormedApiKey(credential)) throw invalid();
  const hash = hashApiKey(credential);
  const row = await request.server.apiKeys.keyRows.find(request.server.db, hash);
  if (!row || row.status !== 'active' || row.deletedAt) return refuseUnknownKey(request, client, invalid());
  const now = request.server.clock();
  if (!hashesEqual(row.keyHash, hash)) {
    if (!row.previousKeyHash || !row.previousKeyExpiresAt || !hashesEqual(row.previousKeyHash, hash)) {
      return refuseUnknownKey(request, client, invalid());
    }
    if (row.previousKeyExpiresAt <= now) {
      return refuseUnknownKey(
        request,
        client,
        new AppError('UNAUTHORIZED', 401, apiKeyPreviousSecretEndedMessage(row.previousKeyExpiresAt)),
      );
    }
  }
  // The owner's suspension is read in the same lookup: their keys stop on the next request.
  if (row.ownerSuspendedAt) throw new AppError('UNAUTHORIZED', 401, accountSuspendedMessage);
  if (row.expiresAt && row.expiresAt <= now) throw new AppError('UNAUTHORIZED', 401, apiKeyExpiredMessage(row.expiresAt));
  if (row.ipAllowList && !isAllowedIp(row.ipAllowList, client)) {
    throw new AppError('UNAUTHORIZED', 401, apiKeyIpNotAllowedMessage(client));
  }

  request.apiKey = {
    id: row.id,
    userId: row.userId,
    rateLimit: row.rateLimit,
    allowedServices: row.allowedServices ?? null,
    monthlyCreditCap: row.monthlyCreditCap,
    limit: { remaining: row.rateLimit, resetSeconds: 0 },
  };
  await countKeyRequests(request, 1);
  // Keys never carry ADMIN powers: the owner acts as a plain user (decision 016).
  request.user = { id: row.userId, role: 'USER', sessionId: '' };
}
