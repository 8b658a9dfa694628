import { createHash, createPublicKey, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { sendRequest } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';
import { headerValue, webhookToleranceSeconds } from './provider-queue.ts';
import type { WebhookHeaders, WebhookVerification } from './provider-queue.ts';

/** fal publishes its webhook signing keys here (JWKS of Ed25519 keys). */
export const defaultFalJwksUrl = 'https://rest.alpha.fal.ai/.well-known/jwks.json';

const jwksSchema = z.object({ keys: z.array(z.object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional() }).loose()) });

const KEYS_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A signature no cached key verifies makes us fetch the set again, at most this often (key rotation). */
const REFRESH_AFTER_MISS_MS = 10 * 60 * 1000;

/** fal's public keys, fetched on first use and kept for a day (fal's guidance). */
export function createFalKeySet(jwksUrl: string, http: HttpPolicy) {
  let cached: { keys: KeyObject[]; fetchedAt: number } | null = null;
  const fetchKeys = async (now: number): Promise<KeyObject[]> => {
    const response = await sendRequest({ method: 'GET', url: jwksUrl }, { ...http, retries: 1 }, AbortSignal.timeout(http.timeoutMs * 2));
    const parsed = jwksSchema.parse(JSON.parse(response.body.toString('utf8')));
    const keys = parsed.keys
      .filter((key) => key.kty === 'OKP' && key.crv === 'Ed25519' && key.x)
      .map((key) => createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x! }, format: 'jwk' }));
    cached = { keys, fetchedAt: now };
    return keys;
  };
  return {
    async keys(now: number): Promise<KeyObject[]> {
      if (cached && now - cached.fetchedAt < KEYS_MAX_AGE_MS) return cached.keys;
      return fetchKeys(now);
    },
    /** Fetches again when the cached set is older than a few minutes; null when it is fresh. */
    async refreshAfterMiss(now: number): Promise<KeyObject[] | null> {
      if (cached && now - cached.fetchedAt < REFRESH_AFTER_MISS_MS) return null;
      return fetchKeys(now);
    },
  };
}
export type FalKeySet = ReturnType<typeof createFalKeySet>;

const deliverySchema = z.object({
  request_id: z.string().min(1),
  gateway_request_id: z.string().optional(),
  status: z.enum(['OK', 'ERROR']),
  payload: z.unknown().optional(),
  error: z.unknown().optional(),
  payload_error: z.unknown().optional(),
});

/**
 * Checks a fal webhook delivery: the four X-Fal-Webhook-* headers, a timestamp within five minutes
 * of `now`, and the hex Ed25519 signature over `request_id\nuser_id\ntimestamp\nsha256-hex(raw body)`
 * made by one of fal's published keys. The body is parsed only once the signature holds.
 */
export async function verifyFalWebhook(
  rawBody: Buffer | string,
  headers: WebhookHeaders,
  now: Date,
  keySet: FalKeySet,
): Promise<WebhookVerification> {
  const requestId = headerValue(headers, 'x-fal-webhook-request-id');
  const userId = headerValue(headers, 'x-fal-webhook-user-id');
  const timestamp = headerValue(headers, 'x-fal-webhook-timestamp');
  const signature = headerValue(headers, 'x-fal-webhook-signature');
  if (!requestId || !userId || !timestamp || !signature) return { ok: false, reason: 'missing X-Fal-Webhook-* signature headers' };
  const seconds = /^\d+$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isFinite(seconds) || Math.abs(now.getTime() / 1000 - seconds) > webhookToleranceSeconds) {
    return { ok: false, reason: 'timestamp outside the five-minute window' };
  }
  if (!/^[0-9a-f]{128}$/i.test(signature)) return { ok: false, reason: 'signature is not 64 hex-encoded bytes' };
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const message = Buffer.from([requestId, userId, timestamp, createHash('sha256').update(body).digest('hex')].join('\n'), 'utf8');
  const signatureBytes = Buffer.from(signature, 'hex');
  const signedBy = (keys: KeyObject[]) => keys.some((key) => verify(null, message, key, signatureBytes));
  let keys: KeyObject[];
  try {
    keys = await keySet.keys(now.getTime());
    if (!signedBy(keys)) {
      const refreshed = await keySet.refreshAfterMiss(now.getTime());
      if (!refreshed || !signedBy(refreshed)) return { ok: false, reason: 'signature does not match any of fal’s keys' };
    }
  } catch (error) {
    return { ok: false, reason: `could not read fal’s signing keys: ${error instanceof Error ? error.message : String(error)}` };
  }
  let delivery: z.infer<typeof deliverySchema>;
  try {
    delivery = deliverySchema.parse(JSON.parse(body.toString('utf8')));
  } catch {
    return { ok: false, reason: 'signed body is not a fal webhook payload' };
  }
  if (delivery.request_id !== requestId && delivery.gateway_request_id !== requestId)
    return { ok: false, reason: 'body names another request than the signed header' };
  const failed = delivery.status === 'ERROR';
  return {
    ok: true,
    event: {
      provider: 'fal',
      requestId: delivery.request_id,
      state: failed ? 'failed' : 'succeeded',
      signed: true,
      ...(failed
        ? { error: typeof delivery.error === 'string' ? delivery.error : JSON.stringify(delivery.error ?? null) }
        : { output: delivery.payload }),
    },
  };
}
