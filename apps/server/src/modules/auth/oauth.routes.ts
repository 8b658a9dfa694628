import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OAUTH_CALLBACK_PATH,
  OAUTH_LINK_RETURN_PATH,
  linkOAuthBodySchema,
  oauthErrorMessages,
  oauthLinkMessages,
  oauthStartQuerySchema,
  unlinkOAuthBodySchema,
} from '@lumen/core/auth/oauth';
import type { OAuthErrorCode } from '@lumen/core/auth/oauth';
import { API_PREFIX } from '../../lib/api-prefix.ts';
import { emptyData, failures, ok, redirectResponse } from '../../lib/route-schemas.ts';
import { AppError } from '../../plugins/app-error.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import type { AuthServices } from './auth-services.ts';
import { clientInfo } from './client-info.ts';
import { LINK_COOKIE, clearLinkCookie, setFlowCookie, setLinkCookie, takeFlowCookie } from './oauth-flow-cookie.ts';
import type { OAuthFlow } from './oauth-flow-cookie.ts';
import { LINK_TOKEN_TTL_SECONDS, signLinkToken, verifyLinkToken } from './oauth-link-token.ts';
import { OAuthSignInRefused } from './oauth.service.ts';
import { OidcCallbackError, createOidcClient } from './oidc-client.ts';
import { setRefreshCookie } from './refresh-cookie.ts';

/** The provider adds its own parameters (scope, authuser, prompt, iss…): accept and ignore them. */
const callbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

export const oauthRoutes: FastifyPluginAsyncZod<{ services: AuthServices }> = async (app, { services }) => {
  const { config } = app;
  const tags = ['auth'];
  const provider = 'google' as const;
  const google = config.google
    ? createOidcClient({ ...config.google, redirectUri: `${config.publicUrl}${API_PREFIX}/auth/google/callback` })
    : null;

  const siteUrl = (path: string, params: Record<string, string>) => {
    const url = new URL(path, `${config.publicUrl}/`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  };

  /** /auth/callback?error=… (sign-in) or the profile page with link=google&error=… (link). */
  const failTo = (reply: FastifyReply, intent: OAuthFlow['intent'], code: OAuthErrorCode, message?: string) => {
    const text = message ?? oauthErrorMessages[code];
    const target =
      intent === 'link'
        ? siteUrl(OAUTH_LINK_RETURN_PATH, { link: provider, error: code, message: text })
        : siteUrl(OAUTH_CALLBACK_PATH, { error: code, message: text });
    return reply.redirect(target, 302);
  };

  app.get(
    '/auth/google',
    {
      schema: {
        operationId: 'auth.google.start',
        security: [],
        tags,
        summary: 'Start Google sign-in (intent=link to link Google to the signed-in account); redirects to the provider',
        querystring: oauthStartQuerySchema,
        response: { 302: redirectResponse('Redirect to the provider, or to /auth/callback?error=…') },
      },
    },
    async (request, reply) => {
      const intent = request.query.intent ?? 'sign_in';
      if (!google) return failTo(reply, intent, 'oauth_error', 'Google sign-in is not configured');
      let start: Awaited<ReturnType<typeof google.authorizationUrl>>;
      try {
        start = await google.authorizationUrl();
      } catch (error) {
        request.log.error({ err: error }, 'Google sign-in: the OpenID provider could not be reached');
        return failTo(reply, intent, 'server_error');
      }
      setFlowCookie(reply, provider, { ...start.secrets, intent, redirect: request.query.redirect ?? null }, config.nodeEnv);
      return reply.redirect(start.url.toString(), 302);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      schema: {
        operationId: 'auth.google.callback',
        security: [],
        tags,
        summary: 'Where Google sends the browser back; redirects to /auth/callback with tokens or an error code',
        querystring: callbackQuerySchema,
        response: { 302: redirectResponse('Redirect to /auth/callback') },
      },
    },
    async (request, reply) => {
      const flow = takeFlowCookie(request, reply, provider, config.nodeEnv);
      const intent = flow?.intent ?? 'sign_in';
      const { code, state, error } = request.query;
      if (!google) return failTo(reply, intent, 'oauth_error', 'Google sign-in is not configured');
      if (error === 'access_denied') return failTo(reply, intent, 'access_denied');
      if (error) return failTo(reply, intent, error === 'invalid_request' ? 'invalid_request' : 'oauth_error');
      if (!flow || !state || state !== flow.state) return failTo(reply, intent, 'callback_error');
      if (!code) return failTo(reply, intent, 'oauth_failed');

      try {
        const profile = await google.exchange(code, flow);
        if (intent === 'link') {
          const link = await signLinkToken(config.jwtSecret, {
            provider,
            subject: profile.subject,
            email: profile.email,
            emailVerified: profile.emailVerified,
          });
          setLinkCookie(reply, link.binding, config.nodeEnv, LINK_TOKEN_TTL_SECONDS);
          return reply.redirect(siteUrl(OAUTH_LINK_RETURN_PATH, { link: provider, oauthId: link.token }), 302);
        }
        const tokens = await services.oauth.signIn(provider, profile, clientInfo(request));
        setRefreshCookie(reply, tokens.refreshToken, config.nodeEnv);
        const params: Record<string, string> = { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, provider };
        if (flow.redirect) params.redirect = flow.redirect;
        return reply.redirect(siteUrl(OAUTH_CALLBACK_PATH, params), 302);
      } catch (caught) {
        if (caught instanceof OidcCallbackError) {
          request.log.warn({ err: caught }, 'Google sign-in: callback refused');
          return failTo(reply, intent, 'callback_error');
        }
        if (caught instanceof OAuthSignInRefused) return failTo(reply, intent, 'oauth_error', caught.message);
        request.log.error({ err: caught }, 'Google sign-in failed');
        return failTo(reply, intent, 'server_error');
      }
    },
  );

  app.post(
    '/auth/link-oauth',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'auth.linkOAuth',
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Link the provider account proved by oauthId (from the intent=link round trip) to your account',
        body: linkOAuthBodySchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const claims = await verifyLinkToken(config.jwtSecret, request.body.oauthId, request.cookies[LINK_COOKIE]);
      if (!claims || claims.provider !== request.body.provider) {
        throw new AppError('BAD_REQUEST', 400, oauthLinkMessages.invalidLinkToken);
      }
      await services.oauth.link(currentUser(request).id, claims, clientInfo(request));
      clearLinkCookie(reply, config.nodeEnv);
      return { success: true as const, data: null, message: oauthLinkMessages.linked };
    },
  );

  app.post(
    '/auth/unlink-oauth',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'auth.unlinkOAuth',
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Remove a linked provider (not your only way to sign in)',
        body: unlinkOAuthBodySchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      await services.oauth.unlink(currentUser(request).id, request.body.provider, clientInfo(request));
      return { success: true as const, data: null, message: oauthLinkMessages.unlinked };
    },
  );
};
