import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IpnVerification } from './crypto-provider.ts';

/** Objects with their keys sorted at every level (arrays keep their order), as NOWPayments signs them. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(source)
        .sort()
        .map((key) => [key, sortKeysDeep(source[key])]),
    );
  }
  return value;
}

/** x-nowpayments-sig: hex HMAC-SHA512 with the IPN secret over the key-sorted JSON body. */
export function signIpnBody(body: unknown, secret: string): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(sortKeysDeep(body)))
    .digest('hex');
}

/** Constant-time check of an IPN signature; never throws. */
export function verifyIpnSignature(body: unknown, signature: string | undefined, secret: string): IpnVerification {
  if (!signature) return { ok: false, reason: 'missing signature' };
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ok: false, reason: 'bad body' };
  const expected = Buffer.from(signIpnBody(body, secret), 'hex');
  const given = /^[0-9a-fA-F]+$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad signature' };
  return { ok: true, body: body as Record<string, unknown> };
}
