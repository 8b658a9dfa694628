import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewQuerySchema, overviewSchema } from '@lumen/core/admin/overview';
import { failures, ok } from '../../lib/route-schemas.ts';
import { enginesOf, hostedTimeoutsOf } from '../jobs/index.ts';
import { paymentSandboxesOf } from '../payments/index.ts';
import { getOverview } from './overview.service.ts';

/** GET /admin/overview?range: the operator's home (figures of the range, and what needs attention now). */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/overview',
    {
      schema: {
        operationId: 'admin.overview.get',
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary:
          'Today, the last 7 or 30 days: live revenue (test money apart), sign-ups, paying users, jobs and failures, provider spend and margin per service, credits sold and spent; and what needs attention',
        querystring: overviewQuerySchema,
        response: { 200: ok(overviewSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const sandboxes = paymentSandboxesOf(app);
      const data = await getOverview(app.db, {
        range: request.query.range,
        now: app.clock(),
        environment: {
          production: app.config.nodeEnv === 'production',
          sandboxes,
          jobTimeouts: { hostedMs: hostedTimeoutsOf(enginesOf(app)) },
        },
      });
      return { success: true as const, data };
    },
  );
};
