import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdCryptoPaymentSchema,
  cryptoCreditsRequestSchema,
  cryptoCurrenciesSchema,
  cryptoEstimateQuerySchema,
  cryptoEstimateSchema,
  cryptoPaymentIdParamsSchema,
  cryptoPaymentStatusSchema,
  cryptoSubscriptionRequestSchema,
} from '@lumen/core/payments/crypto';
import { failures, ok } from '../../../lib/route-schemas.ts';
import { currentUser, requireAuth, requireVerifiedEmail } from '../../../plugins/guards.ts';
import { NOWPAYMENTS_WEBHOOK_PATH } from './crypto-payments.service.ts';

/** Crypto routes of docs/api/payments-contract.md, plus the NOWPayments IPN webhook. */
export const cryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.cryptoPayments;
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/payment/crypto/currencies',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.crypto.listCurrencies',
        tags,
        security,
        summary:
          "Tickers the crypto provider accepts (upper-case), with the names it gives them; in test mode (GET /payment/config testMode.crypto) the test provider's fixed list",
        response: { 200: ok(cryptoCurrenciesSchema), ...failures(401, 403, 429, 503) },
      },
    },
    async () => ({ success: true as const, data: await service.listCurrencies() }),
  );

  app.get(
    '/payment/crypto/estimate',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.crypto.estimate',
        tags,
        security,
        summary: 'Estimated amount of one currency for an amount of another (testMode: fixed test rates)',
        querystring: cryptoEstimateQuerySchema,
        response: { 200: ok(cryptoEstimateSchema), ...failures(400, 401, 403, 429, 503) },
      },
    },
    async (request) => ({ success: true as const, data: await service.estimate(request.query) }),
  );

  app.post(
    '/payment/crypto/credits',
    {
      onRequest: requireAuth,
      preHandler: requireVerifiedEmail,
      schema: {
        operationId: 'payments.crypto.buyCredits',
        tags,
        security,
        summary:
          'Pay a credit package (price above the crypto threshold of Admin › Settings, $19.20 by default) by crypto: a pay address, amount and QR code',
        body: cryptoCreditsRequestSchema,
        response: { 201: ok(createdCryptoPaymentSchema), ...failures(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true as const, data: await service.createForCreditPackage(currentUser(request).id, request.body) }),
  );

  app.post(
    '/payment/crypto/subscription',
    {
      onRequest: requireAuth,
      preHandler: requireVerifiedEmail,
      schema: {
        operationId: 'payments.crypto.subscribe',
        tags,
        security,
        summary: 'Pay one period of a subscription plan by crypto',
        body: cryptoSubscriptionRequestSchema,
        response: { 201: ok(createdCryptoPaymentSchema), ...failures(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true as const, data: await service.createForSubscription(currentUser(request).id, request.body) }),
  );

  app.get(
    '/payment/crypto/status/:paymentId',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.crypto.getStatus',
        tags,
        security,
        summary: 'Status of one of your crypto payments (checked with the provider while unsettled)',
        params: cryptoPaymentIdParamsSchema,
        response: { 200: ok(cryptoPaymentStatusSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.getStatus(currentUser(request).id, request.params.paymentId) }),
  );

  app.post(
    NOWPAYMENTS_WEBHOOK_PATH,
    {
      schema: {
        operationId: 'webhooks.nowpayments',
        security: [],
        tags,
        summary: 'NOWPayments IPN (x-nowpayments-sig: HMAC-SHA512 of the key-sorted JSON body); 400 on a bad or missing signature',
        response: { 200: ok(z.object({ received: z.literal(true) })), ...failures(400, 415, 429) },
      },
    },
    async (request) => {
      const header = request.headers['x-nowpayments-sig'];
      const signature = Array.isArray(header) ? header[0] : header;
      await service.handleIpn(request.body, signature);
      return { success: true as const, data: { received: true as const } };
    },
  );
};
