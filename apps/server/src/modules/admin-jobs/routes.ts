import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminIntroductionDialogSchema,
  adminJobDetailSchema,
  adminJobListQuerySchema,
  introductionDialogParamsSchema,
  jobIdParamsSchema,
  paginatedAdminJobsSchema,
  statisticsQuerySchema,
  tryOnStatisticsSchema,
  updateIntroductionDialogBodySchema,
} from '@lumen/core/jobs/schemas';
import { z } from 'zod';
import { failures, ok } from '../../lib/route-schemas.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { auditActorOf } from '../audit/index.ts';
import { createAdminJobsService } from './admin-jobs.service.ts';
import { createIntroductionDialogsAdminService } from './introduction-dialogs-admin.service.ts';
import { adminTryOnCatalogueRoutes } from './try-on-catalogue-routes.ts';
import { computeTryOnStatistics } from './try-on-statistics.service.ts';

/** The admin side of the AI services: jobs, try-on catalogue and statistics, introduction dialogs. ADMIN only, checked first. */
export const adminJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const jobs = createAdminJobsService({
    db: app.db,
    links: app.fileLinks,
    onRequeued: (jobId) => {
      app.jobEvents.emit(jobId);
      app.jobWorker?.poke();
    },
  });
  const dialogs = createIntroductionDialogsAdminService({ db: app.db });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/jobs',
    {
      schema: {
        tags,
        security,
        summary: 'Every user’s jobs, newest first: filter by service, status, user, dates (UTC days, inclusive); search e-mail, name or job id',
        querystring: adminJobListQuerySchema,
        response: { 200: ok(paginatedAdminJobsSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await jobs.list(request.query) }),
  );

  app.get(
    '/admin/jobs/:id',
    {
      schema: {
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
    '/admin/jobs/:id/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Re-queue a failed job without charging again (a refunded job is charged again only if the balance allows, else 409)',
        params: jobIdParamsSchema,
        response: { 200: ok(adminJobDetailSchema), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await jobs.retry(auditActorOf(request), request.params.id), message: 'Job queued again' }),
  );

  app.post(
    '/admin/jobs/:id/refund',
    {
      schema: {
        tags,
        security,
        summary: 'Give a finished job’s credits back, once (409 when already refunded)',
        params: jobIdParamsSchema,
        response: { 200: ok(adminJobDetailSchema), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await jobs.refund(auditActorOf(request), request.params.id), message: 'Job refunded' }),
  );

  app.get(
    '/admin/try-on/statistics',
    {
      schema: {
        tags,
        security,
        summary: 'Virtual try-on jobs, success rate, average time, most used models and garments, per day (UTC)',
        querystring: statisticsQuerySchema,
        response: { 200: ok(tryOnStatisticsSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await computeTryOnStatistics(app.db, request.query) }),
  );

  app.get(
    '/admin/introduction-dialogs',
    {
      schema: {
        tags,
        security,
        summary: 'The onboarding dialog of every tool',
        response: { 200: ok(z.array(adminIntroductionDialogSchema)), ...failures(401, 403, 429) },
      },
    },
    async () => ({ success: true as const, data: await dialogs.list() }),
  );

  app.put(
    '/admin/introduction-dialogs/:service',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a tool’s onboarding dialog (title, plain-text body, enabled)',
        params: introductionDialogParamsSchema,
        body: updateIntroductionDialogBodySchema,
        response: { 200: ok(adminIntroductionDialogSchema), ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await dialogs.update(auditActorOf(request), request.params.service, request.body),
      message: 'Introduction dialog saved',
    }),
  );

  await app.register(adminTryOnCatalogueRoutes);
};
