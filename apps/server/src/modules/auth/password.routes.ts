import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSecurityMessages,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  resetPasswordWithOtpBodySchema,
  verifyPasswordResetOtpBodySchema,
  verifyPasswordResetOtpResultSchema,
} from '@lumen/core/auth/one-time-code';
import { authTokensSchema, refreshTokenDeliveryHeadersSchema } from '@lumen/core/auth/schemas';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import { limitPerIp } from '../limits/index.ts';
import type { AuthServices } from './auth-services.ts';
import { clientInfo } from './client-info.ts';
import { deliverTokens } from './refresh-cookie.ts';

const limitCodeRequests = limitPerIp('codeRequestsPerIp');

export const passwordRoutes: FastifyPluginAsyncZod<{ services: AuthServices }> = async (app, { services }) => {
  const tags = ['auth'];

  app.post(
    '/auth/request-password-reset',
    {
      onRequest: limitCodeRequests,
      schema: {
        operationId: 'auth.requestPasswordReset',
        security: [],
        tags,
        summary: 'E-mail a password reset code (same answer whether or not the account exists)',
        body: requestPasswordResetBodySchema,
        response: { 200: ok(emptyData), ...failures(400, 413, 415, 429) },
      },
    },
    async (request) => {
      await services.password.requestReset(request.body.email);
      return { success: true as const, data: null, message: accountSecurityMessages.resetRequested };
    },
  );

  app.post(
    '/auth/verify-password-reset-otp',
    {
      onRequest: limitCodeRequests,
      schema: {
        operationId: 'auth.verifyPasswordResetCode',
        security: [],
        tags,
        summary: 'Check a reset code without using it up (a wrong code counts as a try)',
        body: verifyPasswordResetOtpBodySchema,
        response: { 200: ok(verifyPasswordResetOtpResultSchema), ...failures(400, 413, 415, 429) },
      },
    },
    async (request) => {
      await services.password.verifyResetCode(request.body.email, request.body.code);
      return { success: true as const, data: { valid: true as const }, message: accountSecurityMessages.resetCodeValid };
    },
  );

  app.post(
    '/auth/reset-password-with-otp',
    {
      onRequest: limitCodeRequests,
      schema: {
        operationId: 'auth.resetPasswordWithCode',
        security: [],
        tags,
        summary: 'Set a new password with the reset code; signs out every session',
        body: resetPasswordWithOtpBodySchema,
        response: { 200: ok(emptyData), ...failures(400, 413, 415, 429) },
      },
    },
    async (request) => {
      await services.password.resetWithCode(request.body, clientInfo(request));
      return { success: true as const, data: null, message: accountSecurityMessages.passwordReset };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'auth.resetPassword',
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Change your password; signs out every other session and answers new tokens for this one',
        headers: refreshTokenDeliveryHeadersSchema,
        body: resetPasswordBodySchema,
        response: { 200: ok(authTokensSchema), ...failures(400, 401, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const tokens = await services.password.changePassword(currentUser(request).id, request.body, clientInfo(request));
      const data = deliverTokens(request, reply, tokens, app.config.nodeEnv);
      return { success: true as const, data, message: accountSecurityMessages.passwordChanged };
    },
  );
};
