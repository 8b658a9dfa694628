import { createHmac, timingSafeEqual } from 'node:crypto';
import { headerValue, webhookToleranceSeconds } from './provider-queue.ts';
import type { WebhookHeaders } from './provider-queue.ts';

export type SignedDelivery = { ok: true; id: string; body: string } | { ok: false; reason: string };

/** The HMAC key of a Standard Webhooks secret: the base64 after 'whsec_'. */
function webhookSecretKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
}

/** The webhook-signature value for a delivery ('v1,<base64 HMAC-SHA256>'); tests sign with it. */
export function signStandardWebhook(secret: string, id: string, timestamp: number | string, body: string): string {
  return `v1,${createHmac('sha256', webhookSecretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Checks a delivery signed the Standard Webhooks way (Replicate's): headers webhook-id,
 * webhook-timestamp (Unix seconds, within five minutes of `now`) and webhook-signature, a
 * space-separated list of 'v1,<base64>' of HMAC-SHA256(`${id}.${timestamp}.${raw body}`).
 */
export function verifyStandardWebhook(rawBody: Buffer | string, headers: WebhookHeaders, now: Date, secret: string): SignedDelivery {
  const id = headerValue(headers, 'webhook-id');
  const timestamp = headerValue(headers, 'webhook-timestamp');
  const signatures = headerValue(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  const seconds = /^\d+$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isFinite(seconds) || Math.abs(now.getTime() / 1000 - seconds) > webhookToleranceSeconds) {
    return { ok: false, reason: 'timestamp outside the five-minute window' };
  }
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const expected = Buffer.from(signStandardWebhook(secret, id, timestamp, body).slice(3), 'base64');
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true, id, body } : { ok: false, reason: 'signature does not match' };
}
