import { createHash, randomBytes } from 'node:crypto';

/** Prefixes that tell an MCP OAuth token from an API key (`sk_live_`) or a session token (a JWT). */
export const ACCESS_TOKEN_PREFIX = 'mcp_at_';
export const REFRESH_TOKEN_PREFIX = 'mcp_rt_';
const CODE_PREFIX = 'mcp_code_';
const CLIENT_ID_PREFIX = 'mcp_client_';

/** 32 random bytes in base64url after the prefix: 256 bits, so a plain SHA-256 is stored (no stretching). */
const secret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

export const newAccessToken = () => secret(ACCESS_TOKEN_PREFIX);
export const newRefreshToken = () => secret(REFRESH_TOKEN_PREFIX);
export const newAuthorizationCode = () => secret(CODE_PREFIX);
export const newClientId = () => `${CLIENT_ID_PREFIX}${randomBytes(16).toString('base64url')}`;

/** Hex SHA-256: what the database keeps of a code or token. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function looksLikeAccessToken(value: string): boolean {
  return value.startsWith(ACCESS_TOKEN_PREFIX);
}

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge is the base64url of 32 bytes: 43 characters. */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
