import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { OAuthProvider } from '@lumen/core/auth/oauth';
import { oauthProviders } from '@lumen/core/auth/oauth';

export const LINK_TOKEN_TTL_SECONDS = 10 * 60;
const audience = 'lumen-oauth-link';

export type LinkClaims = { provider: OAuthProvider; subject: string; email: string | null; emailVerified: boolean };

const bindingHash = (binding: string) => createHash('sha256').update(binding).digest('base64url');

/**
 * The `oauthId` of POST /auth/link-oauth (decision 007): a 10-minute JWT saying "this browser just
 * proved it controls provider account <subject>", bound to a random value kept in an HttpOnly cookie
 * of the same browser, so a token leaked from the URL is useless elsewhere.
 */
export async function signLinkToken(secret: string, claims: LinkClaims): Promise<{ token: string; binding: string }> {
  const binding = randomBytes(24).toString('base64url');
  const token = await new SignJWT({ provider: claims.provider, email: claims.email, ev: claims.emailVerified, bnd: bindingHash(binding) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.subject)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${LINK_TOKEN_TTL_SECONDS}s`)
    .sign(new TextEncoder().encode(secret));
  return { token, binding };
}

export async function verifyLinkToken(secret: string, token: string, binding: string | undefined): Promise<LinkClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { audience, algorithms: ['HS256'] });
    if (!binding || payload.bnd !== bindingHash(binding)) return null;
    if (typeof payload.sub !== 'string' || !(oauthProviders as readonly unknown[]).includes(payload.provider)) return null;
    return {
      provider: payload.provider as OAuthProvider,
      subject: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : null,
      emailVerified: payload.ev === true,
    };
  } catch {
    return null;
  }
}
