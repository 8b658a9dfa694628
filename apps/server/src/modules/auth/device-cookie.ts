import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NodeEnv } from '../../config/index.ts';
import { API_PREFIX } from '../../lib/api-prefix.ts';

export const DEVICE_COOKIE = 'deviceId';
const MAX_ACCOUNTS_PER_DEVICE = 5;
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * The device cookie: for each account this browser signed in to (the last five), a random id and
 * an HMAC binding it to the address. It proves "this browser knew the password before" and nothing
 * else; it is never a credential.
 */
export function createDeviceCookies(secret: string) {
  const signatureOf = (id: string, email: string) =>
    createHmac('sha256', secret).update(`device:${id}:${email.toLowerCase()}`).digest('base64url').slice(0, 32);
  const entries = (value: string | undefined) => (value ?? '').split('~').filter((entry) => /^[\w-]{16}\.[\w-]{32}$/.test(entry));
  const matches = (entry: string, email: string) => {
    const [id = '', signature = ''] = entry.split('.');
    const expected = Buffer.from(signatureOf(id, email));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  return {
    /** The device id this cookie holds for `email`, or null. */
    deviceIdFor(value: string | undefined, email: string): string | null {
      const entry = entries(value).find((candidate) => matches(candidate, email));
      return entry ? entry.split('.')[0]! : null;
    },
    /** The cookie after a successful sign-in to `email`: a fresh id for it, in front of the others. */
    afterSignIn(value: string | undefined, email: string): string {
      const id = randomBytes(12).toString('base64url');
      const others = entries(value).filter((entry) => !matches(entry, email));
      return [`${id}.${signatureOf(id, email)}`, ...others].slice(0, MAX_ACCOUNTS_PER_DEVICE).join('~');
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

function cookieOptions(nodeEnv: NodeEnv): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: `${API_PREFIX}/auth`,
    secure: nodeEnv === 'production',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  };
}

export function deviceCookieFrom(request: FastifyRequest): string | undefined {
  return request.cookies[DEVICE_COOKIE] ?? undefined;
}

export function setDeviceCookie(reply: FastifyReply, value: string, nodeEnv: NodeEnv): void {
  reply.setCookie(DEVICE_COOKIE, value, cookieOptions(nodeEnv));
}
