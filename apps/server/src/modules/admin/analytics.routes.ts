import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsExportQuerySchema, analyticsQuerySchema, analyticsSchema } from '@lumen/core/admin/analytics';
import { failures, mediaResponse, ok } from '../../lib/route-schemas.ts';
import { analyticsCsv, getAnalytics } from './analytics.service.ts';

export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/analytics',
    {
      schema: {
        operationId: 'admin.analytics.get',
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
        operationId: 'admin.analytics.export',
        tags,
        security,
        summary: 'One analytics report as CSV (daily, services, providers or top-users)',
        querystring: analyticsExportQuerySchema,
        response: { 200: mediaResponse('The report as CSV', ['text/csv'], 'text'), ...failures(400, 401, 403, 429) },
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
