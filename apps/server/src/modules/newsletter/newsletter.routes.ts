import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUBSCRIBE_MESSAGE, newsletterTokenBodySchema, subscribeBodySchema, subscriberStatuses } from '@lumen/core/content/newsletter';
import { failures, ok } from '../../lib/route-schemas.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { createCampaignsService } from './campaigns.service.ts';
import { createSubscribersService } from './subscribers.service.ts';
import { mailerOf } from '../mail/index.ts';
import { rateLimitStoreOf } from '../api-keys/index.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

export const subscribersFor = (app: App) =>
  createSubscribersService({
    db: app.db,
    config: app.config,
    mailer: mailerOf(app),
    rateLimits: rateLimitStoreOf(app),
    clock: app.clock,
  });
export const campaignsFor = (app: App) =>
  createCampaignsService({ db: app.db, config: app.config, mailer: mailerOf(app), tasks: app.backgroundTasks, log: app.log });

/** Public: subscribe (double opt-in), confirm and unsubscribe with the signed links of the mails. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscribers = subscribersFor(app);
  const tags = ['newsletter'];
  const linkAnswer = z.object({ email: z.string(), status: z.enum(subscriberStatuses) });

  app.post(
    '/newsletter/subscribe',
    {
      schema: {
        operationId: 'newsletter.subscribe',
        security: [],
        tags,
        summary: 'Subscribe: a confirmation link is mailed (the answer is the same whether or not the address was known)',
        body: subscribeBodySchema,
        response: { 200: ok(z.object({ status: z.literal('check_your_inbox') })), ...failures(400, 413, 415, 429) },
      },
    },
    async (request) => {
      await subscribers.subscribe(request.body.email, clientAddress(request));
      return { success: true as const, data: { status: 'check_your_inbox' as const }, message: SUBSCRIBE_MESSAGE };
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      schema: {
        operationId: 'newsletter.confirm',
        security: [],
        tags,
        summary: 'Confirm a subscription with the token of the confirmation mail',
        body: newsletterTokenBodySchema,
        response: { 200: ok(linkAnswer), ...failures(400, 429) },
      },
    },
    async (request) => {
      const subscriber = await subscribers.confirm(request.body.token);
      return {
        success: true as const,
        data: { email: subscriber.email, status: subscriber.status },
        message: 'Your subscription is confirmed',
      };
    },
  );

  app.post(
    '/newsletter/unsubscribe',
    {
      schema: {
        operationId: 'newsletter.unsubscribe',
        security: [],
        tags,
        summary: 'Unsubscribe with the token of any newsletter mail',
        body: newsletterTokenBodySchema,
        response: { 200: ok(linkAnswer), ...failures(400, 429) },
      },
    },
    async (request) => {
      const subscriber = await subscribers.unsubscribe(request.body.token);
      return { success: true as const, data: { email: subscriber.email, status: subscriber.status }, message: 'You are unsubscribed' };
    },
  );
};
