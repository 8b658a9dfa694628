import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { apiKeyPrefix, apiKeyPrefixLength } from '@lumen/core/api-keys/schemas';

/** `sk_live_` + 32 random bytes in base64url (43 characters): 51 characters in all (decision 016). */
const KEY_PATTERN = /^sk_live_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(): { apiKey: string; keyPrefix: string; keyHash: string } {
  const apiKey = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  return { apiKey, keyPrefix: apiKey.slice(0, apiKeyPrefixLength), keyHash: hashApiKey(apiKey) };
}

export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(apiKeyPrefix);
}

export function isWellFormedApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** Hex SHA-256: the key has 256 bits of entropy, so a fast hash is enough (no password stretching). */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `whsec_` + 24 random bytes in base64url. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

function encryptionKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'lumen', 'webhook-secret-encryption', 32));
}

/** AES-256-GCM with a key derived from JWT_SECRET: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptSecret(jwtSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(jwtSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptSecret(jwtSecret: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(jwtSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Lumen-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (decision 018). */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
