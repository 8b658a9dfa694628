import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creditBalanceSchema,
  creditHistorySchema,
  creditPackageListSchema,
  serviceCostMapSchema,
  transactionHistorySchema,
  usageHistorySchema,
} from '@lumen/core/credits/schemas';
import { paginationQuerySchema } from '@lumen/core/http/pagination';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import { apiKeyAccess, jwtOrApiKeySecurity } from '../../lib/api-key-access.ts';
import { failures, ok } from '../../lib/route-schemas.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { createCreditHistoryService } from './credit-history.service.ts';
import { createBalanceCache } from './balance-cache.ts';
import { prepareJson, sendPlainJson, sendPreparedJson } from '../../lib/prepared-json.ts';
import { memoUntilChanged } from '../../db/memo-until-changed.ts';

export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Balances are answered from memory until a change notice about the account (balance-cache.ts).
  const history = createCreditHistoryService({ db: app.db, balances: createBalanceCache(app.database.changes) });
  const catalogue = createCatalogueService({ db: app.db, changes: app.database.changes });
  const tags = ['credits'];
  const security = [{ bearerAuth: [] }];
  // The public catalogue is answered from bytes serialised once, with their ETag, until it changes in any process.
  const packagesResponse = ok(creditPackageListSchema);
  const costsResponse = ok(serviceCostMapSchema);
  const packagesBody = memoUntilChanged(app.database.changes, ['credit_packages'], async () =>
    prepareJson(packagesResponse, { success: true as const, data: await catalogue.listActivePackages() }),
  );
  const costsBody = memoUntilChanged(app.database.changes, ['service_costs'], async () =>
    prepareJson(costsResponse, { success: true as const, data: await catalogue.getServiceCostMap() }),
  );

  app.get(
    '/credits/balance',
    {
      onRequest: requireAuth,
      config: apiKeyAccess,
      schema: {
        operationId: 'credits.getBalance',
        tags,
        security: jwtOrApiKeySecurity,
        summary: 'Your credit balance',
        response: { 200: ok(creditBalanceSchema), ...failures(401, 429) },
      },
    },
    async (request, reply) => {
      const { balance } = await history.getAccount(currentUser(request).id);
      return sendPlainJson(reply, { success: true, data: { balance }, message: 'Balance retrieved' });
    },
  );

  app.get(
    '/credits/history',
    {
      onRequest: requireAuth,
      config: apiKeyAccess,
      schema: {
        operationId: 'credits.listHistory',
        tags,
        security: jwtOrApiKeySecurity,
        summary: 'Your credit ledger, newest first',
        querystring: paginationQuerySchema,
        response: { 200: ok(creditHistorySchema), ...failures(400, 401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await history.getHistory(currentUser(request).id, request.query) }),
  );

  app.get(
    '/credits/transaction-history',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'credits.listTransactions',
        tags,
        security,
        summary: 'Credits added or removed outside tool use (purchases, grants, adjustments, refunds), with totals',
        querystring: paginationQuerySchema,
        response: { 200: ok(transactionHistorySchema), ...failures(400, 401, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await history.getTransactionHistory(currentUser(request).id, request.query),
    }),
  );

  app.get(
    '/credits/usage-history',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'credits.listUsage',
        tags,
        security,
        summary: 'Tool usage charges and refunds, with totals per service',
        querystring: paginationQuerySchema,
        response: { 200: ok(usageHistorySchema), ...failures(400, 401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await history.getUsageHistory(currentUser(request).id, request.query) }),
  );

  app.get(
    '/credits/packages',
    {
      schema: {
        operationId: 'credits.listPackages',
        security: [],
        tags,
        summary: 'Active credit packages in the admin’s order (price in dollars)',
        response: { 200: packagesResponse, ...failures(429) },
      },
    },
    async (request, reply) => sendPreparedJson(request, reply, await packagesBody()),
  );

  app.get(
    '/credits/costs',
    {
      schema: {
        operationId: 'credits.listCosts',
        security: [],
        tags,
        summary: 'Credit cost per use of each service (0 = unlimited)',
        response: { 200: costsResponse, ...failures(429) },
      },
    },
    async (request, reply) => sendPreparedJson(request, reply, await costsBody()),
  );
};
