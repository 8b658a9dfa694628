import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsExportQuerySchema, analyticsQuerySchema, analyticsSchema } from '@lumen/core/admin/analytics';
import { failures, ok } from '../../lib/route-schemas.ts';
import { analyticsCsv, getAnalytics } from './analytics.service.ts';

export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/analytics',
    {
      schema: {
        tags,
        security,
        summary:
          'Sign-ups, active users, revenue by provider (net of refunds), credits sold and spent, jobs per service, top users, per UTC day',
        querystring: analyticsQuerySchema,
        response: { 200: ok(analyticsSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await getAnalytics(app.db, request.query, app.clock()) }),
  );

  app.get(
    '/analytics/export',
    {
      schema: {
        tags,
        security,
        summary: 'One analytics report as CSV (daily, services, providers or top-users)',
        querystring: analyticsExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...failures(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { report, ...range } = request.query;
      const data = await getAnalytics(app.db, range, app.clock());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="lumen-${report}-${data.from}-to-${data.to}.csv"`)
        .send(analyticsCsv(data, report));
    },
  );
};
