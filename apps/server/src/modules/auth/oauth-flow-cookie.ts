import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { NodeEnv } from '../../config/index.ts';
import { API_PREFIX } from '../../lib/api-prefix.ts';

/** State, PKCE verifier and nonce of one provider round trip: HttpOnly, 10 minutes, only sent to the callback. */
const FLOW_COOKIE = 'oauth_flow';
export const LINK_COOKIE = 'oauth_link';
const FLOW_TTL_SECONDS = 10 * 60;

const flowSchema = z.object({
  state: z.string(),
  codeVerifier: z.string(),
  nonce: z.string(),
  intent: z.enum(['sign_in', 'link']),
  redirect: z
    .string()
    .regex(/^\/(?![/\\])/)
    .nullable(),
});
export type OAuthFlow = z.infer<typeof flowSchema>;

const flowPath = (provider: string) => `${API_PREFIX}/auth/${provider}`;

export function setFlowCookie(reply: FastifyReply, provider: string, flow: OAuthFlow, nodeEnv: NodeEnv): void {
  // Lax, not Strict: the provider sends the browser back with a cross-site top-level GET.
  reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
    httpOnly: true,
    sameSite: 'lax',
    secure: nodeEnv === 'production',
    path: flowPath(provider),
    maxAge: FLOW_TTL_SECONDS,
  });
}

/** Reads and clears the flow cookie (a round trip can be completed once). */
export function takeFlowCookie(request: FastifyRequest, reply: FastifyReply, provider: string, nodeEnv: NodeEnv): OAuthFlow | null {
  const raw = request.cookies[FLOW_COOKIE];
  reply.clearCookie(FLOW_COOKIE, { httpOnly: true, sameSite: 'lax', secure: nodeEnv === 'production', path: flowPath(provider) });
  if (!raw) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The browser half of a link token (decision 007); only sent to POST /auth/link-oauth. */
export function setLinkCookie(reply: FastifyReply, binding: string, nodeEnv: NodeEnv, maxAge: number): void {
  reply.setCookie(LINK_COOKIE, binding, {
    httpOnly: true,
    sameSite: 'strict',
    secure: nodeEnv === 'production',
    path: `${API_PREFIX}/auth/link-oauth`,
    maxAge,
  });
}

export function clearLinkCookie(reply: FastifyReply, nodeEnv: NodeEnv): void {
  reply.clearCookie(LINK_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: nodeEnv === 'production',
    path: `${API_PREFIX}/auth/link-oauth`,
  });
}
