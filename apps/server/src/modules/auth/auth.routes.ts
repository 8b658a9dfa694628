import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResultSchema,
  authTokensSchema,
  loginBodySchema,
  refreshTokenBodySchema,
  refreshTokenDeliveryHeadersSchema,
  registerBodySchema,
} from '@lumen/core/auth/schemas';
import { AppError } from '../../plugins/app-error.ts';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { accountSecurityRoutes } from './account-security.routes.ts';
import { createAuthServices } from './auth-services.ts';
import { SESSION_EXPIRED_MESSAGE } from './auth.service.ts';
import { clientInfo } from './client-info.ts';
import { deviceCookieFrom, setDeviceCookie } from './device-cookie.ts';
import type { LoginThrottleOptions } from './login-throttle.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { passwordRoutes } from './password.routes.ts';
import { clearRefreshCookie, deliverTokens, refreshTokenFrom } from './refresh-cookie.ts';
import { sessionRoutes } from './session.routes.ts';
import { verificationRoutes } from './verification.routes.ts';

export type AuthRoutesOptions = { loginThrottle?: Partial<LoginThrottleOptions> };

/** POST /auth/refresh and /auth/logout: the refresh token comes from the cookie, or from this body (clients without cookies). */
const refreshBodySchema = refreshTokenBodySchema
  .nullish()
  .meta({ examples: [{ refreshToken: 'Hk3v9Qm2xT7pLw4Zr8Yb1Nc6Fd0Gs5Je2Ua7Vi3Ko9' }] });

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { config } = app;
  const services = createAuthServices(app, options.loginThrottle);
  const service = services.auth;
  await app.register(verificationRoutes, { services });
  await app.register(passwordRoutes, { services });
  await app.register(sessionRoutes, { services });
  await app.register(oauthRoutes, { services });
  await app.register(accountSecurityRoutes, { services });
  const tags = ['auth'];

  app.post(
    '/auth/register',
    {
      schema: {
        operationId: 'auth.register',
        security: [],
        tags,
        summary: 'Create an account with the free plan credits',
        headers: refreshTokenDeliveryHeadersSchema,
        body: registerBodySchema,
        response: { 201: ok(authResultSchema), ...failures(400, 403, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const result = await service.register(request.body, clientInfo(request));
      const data = deliverTokens(request, reply, result, config.nodeEnv);
      return reply.code(201).send({ success: true, data, message: 'Registered successfully' });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        operationId: 'auth.login',
        security: [],
        tags,
        summary: 'Sign in with e-mail and password',
        headers: refreshTokenDeliveryHeadersSchema,
        body: loginBodySchema,
        response: { 200: ok(authResultSchema), ...failures(400, 401, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { result, deviceCookie } = await service.login(request.body, clientInfo(request), deviceCookieFrom(request));
      const data = deliverTokens(request, reply, result, config.nodeEnv);
      setDeviceCookie(reply, deviceCookie, config.nodeEnv);
      return { success: true as const, data, message: 'Logged in successfully' };
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        operationId: 'auth.refresh',
        security: [],
        tags,
        summary: 'Rotate the refresh token (cookie or body) for a new token pair',
        headers: refreshTokenDeliveryHeadersSchema,
        body: refreshBodySchema,
        response: { 200: ok(authTokensSchema), ...failures(400, 401, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const token = refreshTokenFrom(request, request.body);
      if (!token) throw new AppError('UNAUTHORIZED', 401, SESSION_EXPIRED_MESSAGE);
      try {
        const tokens = await service.refresh(token, clientInfo(request));
        return { success: true as const, data: deliverTokens(request, reply, tokens, config.nodeEnv) };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) clearRefreshCookie(reply, config.nodeEnv);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'auth.logout',
        security: [],
        tags,
        summary: 'Revoke the refresh token and clear its cookie',
        body: refreshBodySchema,
        response: { 200: ok(emptyData), ...failures(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      await service.logout(refreshTokenFrom(request, request.body), clientInfo(request));
      clearRefreshCookie(reply, config.nodeEnv);
      return { success: true as const, data: null, message: 'Logged out successfully' };
    },
  );
};
