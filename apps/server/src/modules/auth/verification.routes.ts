import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSecurityMessages, resendEmailVerificationBodySchema, verifyEmailOtpBodySchema } from '@lumen/core/auth/one-time-code';
import { userSchema } from '@lumen/core/users/schemas';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import { limitPerIp } from '../limits/index.ts';
import type { AuthServices } from './auth-services.ts';
import { clientInfo } from './client-info.ts';

const limitCodeRequests = limitPerIp('codeRequestsPerIp');

export const verificationRoutes: FastifyPluginAsyncZod<{ services: AuthServices }> = async (app, { services }) => {
  const tags = ['auth'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/auth/verify-email-otp',
    {
      onRequest: [requireAuth, limitCodeRequests],
      schema: {
        operationId: 'auth.verifyEmail',
        tags,
        security,
        summary: 'Verify your e-mail address with the 6-digit code sent to it',
        body: verifyEmailOtpBodySchema,
        response: { 200: ok(userSchema), ...failures(400, 401, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      const user = await services.verification.verify(currentUser(request).id, request.body.code, clientInfo(request));
      return { success: true as const, data: user, message: accountSecurityMessages.emailVerified };
    },
  );

  app.post(
    '/auth/resend-email-verification',
    {
      onRequest: [requireAuth, limitCodeRequests],
      schema: {
        operationId: 'auth.resendEmailVerification',
        tags,
        security,
        summary: 'Send a new verification code (one a minute)',
        body: resendEmailVerificationBodySchema.nullish().meta({ examples: [{}] }),
        response: { 200: ok(emptyData), ...failures(400, 401, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      await services.verification.resend(currentUser(request).id);
      return { success: true as const, data: null, message: accountSecurityMessages.verificationSent };
    },
  );
};
