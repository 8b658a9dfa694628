import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignBodySchema,
  campaignIdParamsSchema,
  campaignRecipientListSchema,
  campaignRecipientsQuerySchema,
  campaignSchema,
  subscriberListQuerySchema,
  subscriberListSchema,
} from '@lumen/core/content/newsletter';
import { failures, mediaResponse, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import { campaignsFor, subscribersFor } from './newsletter.routes.ts';

/** /admin/newsletter: subscribers (search, status, CSV), campaigns (compose, test, send in the background with per-recipient results). */
export const adminNewsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscribers = subscribersFor(app);
  const campaigns = campaignsFor(app);
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/newsletter/subscribers',
    {
      schema: {
        operationId: 'admin.newsletter.listSubscribers',
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
    '/newsletter/subscribers/export',
    {
      schema: {
        operationId: 'admin.newsletter.exportSubscribers',
        tags,
        security,
        summary: 'The matching subscribers as CSV',
        querystring: subscriberListQuerySchema.pick({ status: true, search: true }),
        response: { 200: mediaResponse('The subscribers as CSV', ['text/csv'], 'text'), ...failures(400, 401, 403, 429) },
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
    '/newsletter/campaigns',
    {
      schema: {
        operationId: 'admin.newsletter.listCampaigns',
        tags,
        security,
        summary: 'Campaigns, newest first, with their progress',
        response: { 200: ok(z.array(campaignSchema)), ...failures(401, 403, 429) },
      },
    },
    async () => ({ success: true as const, data: await campaigns.list() }),
  );

  app.post(
    '/newsletter/campaigns',
    {
      schema: {
        operationId: 'admin.newsletter.createCampaign',
        tags,
        security,
        summary: 'Compose a campaign (markdown)',
        body: campaignBodySchema,
        response: { 201: ok(campaignSchema), ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true as const, data: await campaigns.create(auditActorOf(request), request.body), message: 'Draft saved' }),
  );

  app.get(
    '/newsletter/campaigns/:id',
    {
      schema: {
        operationId: 'admin.newsletter.getCampaign',
        tags,
        security,
        summary: 'One campaign with its progress',
        params: campaignIdParamsSchema,
        response: { 200: ok(campaignSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.get(request.params.id) }),
  );

  app.put(
    '/newsletter/campaigns/:id',
    {
      schema: {
        operationId: 'admin.newsletter.updateCampaign',
        tags,
        security,
        summary: 'Edit a draft campaign',
        params: campaignIdParamsSchema,
        body: campaignBodySchema,
        response: { 200: ok(campaignSchema), ...failures(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await campaigns.update(auditActorOf(request), request.params.id, request.body),
      message: 'Draft saved',
    }),
  );

  app.post(
    '/newsletter/campaigns/:id/test',
    {
      schema: {
        operationId: 'admin.newsletter.sendTestCampaign',
        tags,
        security,
        summary: 'Send the campaign to yourself, marked [Test]',
        params: campaignIdParamsSchema,
        response: { 200: ok(z.object({ to: z.string() })), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const sent = await campaigns.sendTest(auditActorOf(request), request.params.id);
      return { success: true as const, data: sent, message: `Test sent to ${sent.to}` };
    },
  );

  app.post(
    '/newsletter/campaigns/:id/send',
    {
      schema: {
        operationId: 'admin.newsletter.sendCampaign',
        tags,
        security,
        summary: 'Send to every confirmed subscriber in the background (again: resume an interrupted send; each recipient is mailed once)',
        params: campaignIdParamsSchema,
        response: { 202: ok(campaignSchema), ...failures(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send({ success: true as const, data: await campaigns.send(auditActorOf(request), request.params.id), message: 'Sending started' }),
  );

  app.get(
    '/newsletter/campaigns/:id/recipients',
    {
      schema: {
        operationId: 'admin.newsletter.listRecipients',
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
