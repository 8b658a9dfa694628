import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autoTopUpSettingsSchema, updateAutoTopUpBodySchema } from '@lumen/core/payments/auto-top-up';
import { failures, ok } from '../../../lib/route-schemas.ts';
import { currentUser, requireAuth } from '../../../plugins/guards.ts';
import { createAutoTopUpService } from './auto-top-up.service.ts';

/** Automatic top-up and the low-balance e-mail: the user's settings, saved card and recent top-ups. */
export const autoTopUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAutoTopUpService({ db: app.db, clock: () => app.clock() });
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/payment/auto-top-up',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.autoTopUp.get',
        tags,
        security,
        summary: 'Your automatic top-up settings, the card it pays with and your latest top-ups',
        response: { 200: ok(autoTopUpSettingsSchema), ...failures(401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.view(currentUser(request).id) }),
  );

  app.put(
    '/payment/auto-top-up',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.autoTopUp.update',
        tags,
        security,
        summary: 'Save automatic top-up (threshold, package, monthly limit) and the low-balance e-mail choice',
        description:
          'When a debit leaves the balance below `threshold`, the package is bought with the default saved card, at most ' +
          '`monthlyLimit` times per calendar month (UTC). Turning it on needs a saved card (409 otherwise). A failed payment turns it off.',
        body: updateAutoTopUpBodySchema,
        response: { 200: ok(autoTopUpSettingsSchema), ...failures(400, 401, 409, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(currentUser(request).id, request.body),
      message: request.body.enabled ? 'Automatic top-up is on' : 'Automatic top-up is off',
    }),
  );
};
