import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@lumen/core/credits/schemas';
import { paginationQuerySchema } from '@lumen/core/http/pagination';
import {
  adminPaymentDetailSchema,
  adminPaymentListSchema,
  adminPaymentsQuerySchema,
  adminRefundBodySchema,
  adminRefundRequestListSchema,
  adminRefundRequestsQuerySchema,
  approveRefundRequestBodySchema,
  refundHistorySchema,
  refundRequestDecisionSchema,
  refundResultSchema,
  rejectRefundRequestBodySchema,
} from '@lumen/core/payments/billing';
import { failures, ok } from '../../../lib/route-schemas.ts';
import { auditActorOf } from '../../audit/index.ts';
import { createAdminPaymentsService } from './admin-payments.service.ts';
import { createRefundService } from './refunds.service.ts';
import { mailerOf } from '../../mail/index.ts';

/** /admin/payments, /admin/refunds and /admin/refund-requests (registered under the ADMIN guard of /admin). */
export const adminPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const refunds = createRefundService({
    db: app.db,
    mailer: mailerOf(app),
    cardRefunder: () => app.cardPayments.provider,
    clock: () => app.clock(),
  });
  const service = createAdminPaymentsService({ db: app.db, refunds });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/payments',
    {
      schema: {
        operationId: 'admin.payments.list',
        tags,
        security,
        summary: 'Every order (card and crypto) with its user; filters, search by user, and totals over the filter',
        querystring: adminPaymentsQuerySchema,
        response: { 200: ok(adminPaymentListSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.list(request.query) }),
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        operationId: 'admin.payments.get',
        tags,
        security,
        summary: 'One order with its provider events, refunds, refund requests, crypto payment and the account’s flags',
        params: idParamsSchema,
        response: { 200: ok(adminPaymentDetailSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.get(request.params.id) }),
  );

  app.post(
    '/payments/:id/refund',
    {
      schema: {
        operationId: 'admin.payments.refund',
        tags,
        security,
        summary:
          'Refund an order fully or partly (card: provider refund; crypto: manual, payoutReference required); reverses unspent credits; audited',
        params: idParamsSchema,
        body: adminRefundBodySchema,
        response: { 201: ok(refundResultSchema), ...failures(400, 401, 403, 404, 409, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const data = await service.refund(auditActorOf(request), request.params.id, request.body);
      return reply.code(201).send({ success: true, data, message: 'Refund recorded' });
    },
  );

  app.get(
    '/refunds',
    {
      schema: {
        operationId: 'admin.refunds.list',
        tags,
        security,
        summary: 'Refund requests, pending first, with the order and user',
        querystring: adminRefundRequestsQuerySchema,
        response: { 200: ok(adminRefundRequestListSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.listRequests(request.query) }),
  );

  app.get(
    '/refunds/history',
    {
      schema: {
        operationId: 'admin.refunds.listHistory',
        tags,
        security,
        summary: 'Refunds made, newest first, with who made them and why',
        querystring: paginationQuerySchema,
        response: { 200: ok(refundHistorySchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.history(request.query) }),
  );

  app.post(
    '/refund-requests/:id/approve',
    {
      schema: {
        operationId: 'admin.refundRequests.approve',
        tags,
        security,
        summary: 'Approve a refund request: refunds amountCents (default: what remains) and links it; audited; the user is told by mail',
        params: idParamsSchema,
        body: approveRefundRequestBodySchema.nullish().meta({
          examples: [
            { note: 'Approved: the same pack was bought twice' },
            { amountCents: 1100, note: 'Partial refund: 50 of the 120 credits were already used' },
          ],
        }),
        response: { 200: ok(refundRequestDecisionSchema), ...failures(400, 401, 403, 404, 409, 413, 415, 429, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.approve(auditActorOf(request), request.params.id, request.body ?? {}),
      message: 'Refund request approved',
    }),
  );

  app.post(
    '/refund-requests/:id/reject',
    {
      schema: {
        operationId: 'admin.refundRequests.reject',
        tags,
        security,
        summary: 'Reject a refund request with a note the user receives by mail; audited',
        params: idParamsSchema,
        body: rejectRefundRequestBodySchema,
        response: { 200: ok(refundRequestDecisionSchema), ...failures(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.reject(auditActorOf(request), request.params.id, request.body.note, app.clock()),
      message: 'Refund request rejected',
    }),
  );
};
