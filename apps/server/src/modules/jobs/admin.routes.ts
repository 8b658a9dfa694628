import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminJobDetailSchema,
  adminJobListQuerySchema,
  jobIdParamsSchema,
  paginatedAdminJobsSchema,
  statisticsQuerySchema,
  tryOnStatisticsSchema,
} from '@lumen/core/jobs/schemas';
import { failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import { createAdminJobsService } from './admin-jobs.service.ts';
import { computeTryOnStatistics } from './try-on-statistics.service.ts';
import { fileLinksOf } from '../files/index.ts';

/** /admin/jobs (list, detail, retry, refund) and /admin/try-on/statistics. */
export const adminJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = createAdminJobsService({
    db: app.db,
    links: fileLinksOf(app),
    onRequeued: (jobId) => {
      app.jobEvents.emit(jobId);
      app.jobWorker?.poke();
    },
  });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/jobs',
    {
      schema: {
        operationId: 'admin.jobs.list',
        tags,
        security,
        summary:
          'Every user’s jobs, newest first: filter by service, status, user, dates (UTC days, inclusive); search e-mail, name or job id',
        querystring: adminJobListQuerySchema,
        response: { 200: ok(paginatedAdminJobsSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await jobs.list(request.query) }),
  );

  app.get(
    '/jobs/:id',
    {
      schema: {
        operationId: 'admin.jobs.get',
        tags,
        security,
        summary: 'A job with its owner, inputs, outputs, timings, attempts and ledger entries',
        params: jobIdParamsSchema,
        response: { 200: ok(adminJobDetailSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await jobs.detail(request.params.id) }),
  );

  app.post(
    '/jobs/:id/retry',
    {
      schema: {
        operationId: 'admin.jobs.retry',
        tags,
        security,
        summary: 'Re-queue a failed job without charging again (a refunded job is charged again only if the balance allows, else 409)',
        params: jobIdParamsSchema,
        response: { 200: ok(adminJobDetailSchema), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await jobs.retry(auditActorOf(request), request.params.id),
      message: 'Job queued again',
    }),
  );

  app.post(
    '/jobs/:id/refund',
    {
      schema: {
        operationId: 'admin.jobs.refund',
        tags,
        security,
        summary: 'Give a finished job’s credits back, once (409 when already refunded)',
        params: jobIdParamsSchema,
        response: { 200: ok(adminJobDetailSchema), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await jobs.refund(auditActorOf(request), request.params.id),
      message: 'Job refunded',
    }),
  );

  app.get(
    '/try-on/statistics',
    {
      schema: {
        operationId: 'admin.tryOn.getStatistics',
        tags,
        security,
        summary: 'Virtual try-on jobs, success rate, average time, most used models and garments, per day (UTC)',
        querystring: statisticsQuerySchema,
        response: { 200: ok(tryOnStatisticsSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await computeTryOnStatistics(app.db, request.query) }),
  );
};
