import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
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

export function refreshTokenFrom(request: FastifyRequest, body: { refreshToken?: string } | null | undefined): string | undefined {
  return body?.refreshToken ?? request.cookies[REFRESH_COOKIE] ?? undefined;
}
