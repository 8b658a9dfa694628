import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@lumen/core/credits/schemas';
import { downloadLinkSchema } from '@lumen/core/jobs/schemas';
import {
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceRefundRequestSchema,
  invoiceSchema,
  refundRequestBodySchema,
} from '@lumen/core/payments/billing';
import { failures, ok } from '../../../lib/route-schemas.ts';
import { currentUser, requireAuth } from '../../../plugins/guards.ts';
import { createBillingService } from './billing.service.ts';
import { fileLinksOf, storageOf } from '../../files/index.ts';

/** /payment/invoices: the signed-in user's orders as invoices, PDF receipts and refund requests. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBillingService({
    db: app.db,
    storage: storageOf(app),
    links: fileLinksOf(app),
    seller: app.config.seller,
    clock: () => app.clock(),
  });
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/payment/invoices',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.invoices.list',
        tags,
        security,
        summary: 'Your invoices, newest first (status omitted: every order but pending ones)',
        querystring: invoiceListQuerySchema,
        response: { 200: ok(invoiceListSchema), ...failures(400, 401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.list(currentUser(request).id, request.query) }),
  );

  app.get(
    '/payment/invoices/:id',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.invoices.get',
        tags,
        security,
        summary: 'One of your invoices',
        params: idParamsSchema,
        response: { 200: ok(invoiceSchema), ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.get(currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/payment/invoices/:id/download',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.invoices.download',
        tags,
        security,
        summary: 'A short-lived signed link to the PDF receipt (paid or refunded orders; 409 otherwise)',
        params: idParamsSchema,
        response: { 200: ok(downloadLinkSchema), ...failures(400, 401, 404, 409, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.downloadLink(currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/payment/invoices/:id/refund-request',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.invoices.requestRefund',
        tags,
        security,
        summary: 'Ask for a refund within 30 days of payment (one pending request per order)',
        params: idParamsSchema,
        body: refundRequestBodySchema,
        response: { 201: ok(invoiceRefundRequestSchema), ...failures(400, 401, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.requestRefund(currentUser(request).id, request.params.id, request.body.reason);
      return reply.code(201).send({ success: true, data, message: 'Refund request sent' });
    },
  );
};
