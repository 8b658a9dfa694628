import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EngineRegistry } from '@lumen/engines';
import {
  belowCostBodySchema,
  priceOverrideBodySchema,
  providerPriceMessages,
  providerPricesSchema,
} from '@lumen/core/admin/provider-prices';
import { failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import { setBelowCostAllowed, setPriceOverride } from './admin-changes.service.ts';
import { adminProviderPrices } from './pricing.service.ts';

/** The engines the jobs module runs, handed down by app.ts (a port: provider-prices sits below jobs). */
export type AdminProviderPricesOptions = { engines: EngineRegistry };

/** /admin/provider-prices: what each service costs at its providers against what its credits earn; price overrides (audited). */
export const adminProviderPricesRoutes: FastifyPluginAsyncZod<AdminProviderPricesOptions> = async (app, { engines }) => {
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];
  const current = () => adminProviderPrices(app.db, engines);

  app.get(
    '/provider-prices',
    {
      schema: {
        operationId: 'admin.providerPrices.get',
        tags,
        security,
        summary:
          'The value of a credit, each service’s expected provider cost and margin at default parameters, and every provider price with its source and any override',
        response: { 200: ok(providerPricesSchema), ...failures(401, 403, 429) },
      },
    },
    async () => ({ success: true as const, data: await current() }),
  );

  app.put(
    '/provider-prices/override',
    {
      schema: {
        operationId: 'admin.providerPrices.override',
        tags,
        security,
        summary: 'Set the price of one unit of a provider’s model (usdPerUnit null restores the published price); audited',
        body: priceOverrideBodySchema.meta({
          examples: [{ provider: 'replicate', model: '851-labs/background-remover', rate: 'gpu-second', usdPerUnit: 0.000225 }],
        }),
        response: { 200: ok(providerPricesSchema), ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => {
      await setPriceOverride(app.db, auditActorOf(request), request.body);
      return {
        success: true as const,
        data: await current(),
        message: request.body.usdPerUnit === null ? providerPriceMessages.overrideCleared : providerPriceMessages.overrideSaved,
      };
    },
  );

  app.put(
    '/provider-prices/below-cost',
    {
      schema: {
        operationId: 'admin.providerPrices.allowBelowCost',
        tags,
        security,
        summary: 'Allow (or stop allowing) a service’s jobs on hosted providers although they would sell below cost; audited',
        body: belowCostBodySchema.meta({ examples: [{ service: 'ai-background', allowed: true }] }),
        response: { 200: ok(providerPricesSchema), ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => {
      await setBelowCostAllowed(app.db, auditActorOf(request), request.body);
      return { success: true as const, data: await current(), message: providerPriceMessages.allowanceSaved };
    },
  );
};
