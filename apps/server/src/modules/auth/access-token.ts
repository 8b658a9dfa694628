import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { roles } from '@lumen/core/users/schemas';
import type { Role } from '@lumen/core/users/schemas';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const issuer = 'lumen';
const audience = 'lumen-api';

/** sessionId travels as `sid`: the auth_sessions row the token belongs to (revocable at once). */
export type AccessTokenClaims = { userId: string; role: Role; sessionId: string };

const keys = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(secret: string, claims: AccessTokenClaims): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(keyFor(secret));
}

/** Returns the claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), { issuer, audience, algorithms: ['HS256'] });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    if (!(roles as readonly unknown[]).includes(role)) return null;
    return { userId: payload.sub, role: role as Role, sessionId: payload.sid };
  } catch {
    return null;
  }
}
