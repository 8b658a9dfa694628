import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { providerHealthQuerySchema, providerHealthSchema } from '@lumen/core/admin/providers';
import { serviceKeys } from '@lumen/core/services/catalogue';
import { orderProviders } from '@lumen/core/services/providers';
import { failures, ok } from '../../lib/route-schemas.ts';
import { enginesOf, providerCircuitsOf } from '../jobs/index.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { getProviderHealth } from './health.service.ts';

/** /admin/providers: each hosted provider's health, today's spend against the budgets, the breakers and each service's chain. */
export const adminProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/providers',
    {
      schema: {
        operationId: 'admin.providers.getHealth',
        tags,
        security,
        summary:
          'Each hosted provider’s calls over the last hours (success rate, median and p95 latency, last failure) and today’s spend against the daily budget',
        querystring: providerHealthQuerySchema,
        response: { 200: ok(providerHealthSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const settings = await getPlatformSettings(app.db);
      const health = await getProviderHealth(app.db, {
        hours: request.query.hours,
        capUsd: settings.dailyProviderSpendCapUsd,
        providerBudgetsUsd: settings.providerDailyBudgetsUsd,
        now: new Date(),
      });
      // Shared by every process (Redis or PostgreSQL); a store that cannot be reached shows no circuits.
      const circuits = await providerCircuitsOf(app)
        .states()
        .catch(() => []);
      const chains = serviceKeys.flatMap((service) => {
        const configured = enginesOf(app).providersOf(service);
        if (configured.length === 0) return [];
        const tried = orderProviders(
          configured.map(({ name }) => name),
          settings.providerOrder[service],
        );
        return [{ service, configured: configured.map(({ name, model }) => ({ provider: name, model })), tried }];
      });
      return { success: true as const, data: { ...health, chains, circuits } };
    },
  );
};
