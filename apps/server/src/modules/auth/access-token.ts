import { randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { roles } from '@lumen/core/users/schemas';
import type { Role } from '@lumen/core/users/schemas';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const issuer = 'lumen';
const audience = 'lumen-api';

/** sessionId travels as `sid`: the auth_sessions row the token belongs to (revocable at once). */
export type AccessTokenClaims = { userId: string; role: Role; sessionId: string };

type HmacKey = webcrypto.CryptoKey;
const keys = new Map<string, Promise<HmacKey>>();
/** The HMAC key, imported into WebCrypto once per secret (jose would import raw bytes again on every call). */
function keyFor(secret: string): Promise<HmacKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

/**
 * Tokens already verified, with their claims, until they expire: a client sends the same token on every request for
 * its quarter of an hour, and its signature cannot change. Bounded; the oldest entry goes first.
 */
const verified = new Map<string, { secret: string; claims: AccessTokenClaims; expiresAtMs: number }>();
const VERIFIED_TOKENS_KEPT = 20_000;

export async function signAccessToken(secret: string, claims: AccessTokenClaims): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await keyFor(secret));
}

/** Returns the claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(secret: string, token: string, nowMs = Date.now()): Promise<AccessTokenClaims | null> {
  const known = verified.get(token);
  if (known && known.secret === secret && known.expiresAtMs > nowMs) return known.claims;
  try {
    const { payload } = await jwtVerify(token, await keyFor(secret), {
      issuer,
      audience,
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    if (!(roles as readonly unknown[]).includes(role)) return null;
    const claims: AccessTokenClaims = { userId: payload.sub, role: role as Role, sessionId: payload.sid };
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { secret, claims, expiresAtMs: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
