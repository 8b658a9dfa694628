import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { REFRESH_TOKEN_DELIVERY_HEADER } from '@lumen/core/auth/schemas';
import type { NodeEnv } from '../../config/index.ts';
import { REFRESH_TOKEN_TTL_SECONDS } from './refresh-token.ts';

export const REFRESH_COOKIE = 'refreshToken';

function cookieOptions(nodeEnv: NodeEnv): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: nodeEnv === 'production',
  };
}

/** HttpOnly: the SPA never reads it; the server sets it on sign-in and refresh (decision 002). */
export function setRefreshCookie(reply: FastifyReply, token: string, nodeEnv: NodeEnv): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(nodeEnv), maxAge: REFRESH_TOKEN_TTL_SECONDS });
}

export function clearRefreshCookie(reply: FastifyReply, nodeEnv: NodeEnv): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(nodeEnv));
}

/**
 * Sets the refresh token's cookie and answers what goes in the JSON body: the tokens without the refresh token, unless
 * the client asked for it there (X-Refresh-Token-Delivery: body, a client without cookies; decision 062).
 */
export function deliverTokens<T extends { refreshToken: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: T,
  nodeEnv: NodeEnv,
): Omit<T, 'refreshToken'> & { refreshToken?: string } {
  setRefreshCookie(reply, tokens.refreshToken, nodeEnv);
  if (request.headers[REFRESH_TOKEN_DELIVERY_HEADER] === 'body') return tokens;
  const { refreshToken: _cookieOnly, ...body } = tokens;
  return body;
}

export function refreshTokenFrom(request: FastifyRequest, body: { refreshToken?: string } | null | undefined): string | undefined {
  return body?.refreshToken ?? request.cookies[REFRESH_COOKIE] ?? undefined;
}
