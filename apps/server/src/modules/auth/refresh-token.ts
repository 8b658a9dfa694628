import { createHash, randomBytes } from 'node:crypto';

export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Opaque and random: 32 bytes, base64url. Only its hash is stored. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What generateRefreshToken makes: anything else is refused without a lookup. */
export function isWellFormedRefreshToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
