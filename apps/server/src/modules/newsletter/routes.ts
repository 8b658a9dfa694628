import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUBSCRIBE_MESSAGE,
  campaignBodySchema,
  campaignIdParamsSchema,
  campaignRecipientListSchema,
  campaignRecipientsQuerySchema,
  campaignSchema,
  newsletterTokenBodySchema,
  subscribeBodySchema,
  subscriberListQuerySchema,
  subscriberListSchema,
  subscriberStatuses,
} from '@lumen/core/content/newsletter';
import { failures, ok } from '../../lib/route-schemas.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { auditActorOf } from '../audit/index.ts';
import { createCampaignsService } from './campaigns.service.ts';
import { createSubscribersService } from './subscribers.service.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const subscribersFor = (app: App) =>
  createSubscribersService({ db: app.db, config: app.config, mailer: app.mailer, rateLimits: app.apiKeys.rateLimitStore, clock: app.clock });
export const campaignsFor = (app: App) => createCampaignsService({ db: app.db, config: app.config, mailer: app.mailer, tasks: app.backgroundTasks, log: app.log });

/** Public: subscribe (double opt-in), confirm and unsubscribe with the signed links of the mails. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscribers = subscribersFor(app);
  const tags = ['newsletter'];
  const linkAnswer = z.object({ email: z.string(), status: z.enum(subscriberStatuses) });

  app.post(
    '/newsletter/subscribe',
    {
      schema: {
        tags,
        summary: 'Subscribe: a confirmation link is mailed (the answer is the same whether or not the address was known)',
        body: subscribeBodySchema,
        response: { 200: ok(z.object({ status: z.literal('check_your_inbox') })), ...failures(400, 413, 415, 429) },
      },
    },
    async (request) => {
      await subscribers.subscribe(request.body.email, request.ip);
      return { success: true as const, data: { status: 'check_your_inbox' as const }, message: SUBSCRIBE_MESSAGE };
    },
  );

  app.post(
    '/newsletter/confirm',
    { schema: { tags, summary: 'Confirm a subscription with the token of the confirmation mail', body: newsletterTokenBodySchema, response: { 200: ok(linkAnswer), ...failures(400, 429) } } },
    async (request) => {
      const subscriber = await subscribers.confirm(request.body.token);
      return { success: true as const, data: { email: subscriber.email, status: subscriber.status }, message: 'Your subscription is confirmed' };
    },
  );

  app.post(
    '/newsletter/unsubscribe',
    { schema: { tags, summary: 'Unsubscribe with the token of any newsletter mail', body: newsletterTokenBodySchema, response: { 200: ok(linkAnswer), ...failures(400, 429) } } },
    async (request) => {
      const subscriber = await subscribers.unsubscribe(request.body.token);
      return { success: true as const, data: { email: subscriber.email, status: subscriber.status }, message: 'You are unsubscribed' };
    },
  );
};

/** /admin/newsletter: subscribers (search, status, CSV), campaigns (compose, test, send in the background with per-recipient results). */
export const adminNewsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const subscribers = subscribersFor(app);
  const campaigns = campaignsFor(app);
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/newsletter/subscribers',
    {
      schema: {
        tags,
        security,
        summary: 'Subscribers, newest first: filter by status, search e-mail; with the count per status',
        querystring: subscriberListQuerySchema,
        response: { 200: ok(subscriberListSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await subscribers.list(request.query) }),
  );

  app.get(
    '/admin/newsletter/subscribers/export',
    {
      schema: {
        tags,
        security,
        summary: 'The matching subscribers as CSV',
        querystring: subscriberListQuerySchema.pick({ status: true, search: true }),
        response: { 200: z.string(), ...failures(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const csv = await subscribers.exportCsv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/admin/newsletter/campaigns',
    { schema: { tags, security, summary: 'Campaigns, newest first, with their progress', response: { 200: ok(z.array(campaignSchema)), ...failures(401, 403, 429) } } },
    async () => ({ success: true as const, data: await campaigns.list() }),
  );

  app.post(
    '/admin/newsletter/campaigns',
    {
      schema: { tags, security, summary: 'Compose a campaign (markdown)', body: campaignBodySchema, response: { 201: ok(campaignSchema), ...failures(400, 401, 403, 413, 415, 429) } },
    },
    async (request, reply) => reply.code(201).send({ success: true as const, data: await campaigns.create(auditActorOf(request), request.body), message: 'Draft saved' }),
  );

  app.get(
    '/admin/newsletter/campaigns/:id',
    { schema: { tags, security, summary: 'One campaign with its progress', params: campaignIdParamsSchema, response: { 200: ok(campaignSchema), ...failures(400, 401, 403, 404, 429) } } },
    async (request) => ({ success: true as const, data: await campaigns.get(request.params.id) }),
  );

  app.put(
    '/admin/newsletter/campaigns/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a draft campaign',
        params: campaignIdParamsSchema,
        body: campaignBodySchema,
        response: { 200: ok(campaignSchema), ...failures(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.update(auditActorOf(request), request.params.id, request.body), message: 'Draft saved' }),
  );

  app.post(
    '/admin/newsletter/campaigns/:id/test',
    {
      schema: { tags, security, summary: 'Send the campaign to yourself, marked [Test]', params: campaignIdParamsSchema, response: { 200: ok(z.object({ to: z.string() })), ...failures(400, 401, 403, 404, 429) } },
    },
    async (request) => {
      const sent = await campaigns.sendTest(auditActorOf(request), request.params.id);
      return { success: true as const, data: sent, message: `Test sent to ${sent.to}` };
    },
  );

  app.post(
    '/admin/newsletter/campaigns/:id/send',
    {
      schema: {
        tags,
        security,
        summary: 'Send to every confirmed subscriber in the background (again: resume an interrupted send; each recipient is mailed once)',
        params: campaignIdParamsSchema,
        response: { 202: ok(campaignSchema), ...failures(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => reply.code(202).send({ success: true as const, data: await campaigns.send(auditActorOf(request), request.params.id), message: 'Sending started' }),
  );

  app.get(
    '/admin/newsletter/campaigns/:id/recipients',
    {
      schema: {
        tags,
        security,
        summary: 'Per-recipient results of a campaign',
        params: campaignIdParamsSchema,
        querystring: campaignRecipientsQuerySchema,
        response: { 200: ok(campaignRecipientListSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.recipients(request.params.id, request.query) }),
  );

  app.addHook('onReady', async () => {
    const resumed = await campaigns.resumeUnfinished();
    if (resumed > 0) app.log.info({ resumed }, 'resuming newsletter campaigns');
  });
};
