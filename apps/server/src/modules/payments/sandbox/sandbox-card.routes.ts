import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testCardAuthenticateBodySchema, testCardConfirmBodySchema, testCardResultSchema } from '@lumen/core/payments/card';
import { failures, mediaResponse, ok, redirectResponse } from '../../../lib/route-schemas.ts';
import { AppError } from '../../../plugins/app-error.ts';
import { currentUser, requireAuth } from '../../../plugins/guards.ts';
import { cardPaymentsNotConfigured } from '../card/index.ts';
import type { SandboxCardProvider } from './sandbox-card-provider.ts';
import { renderCheckoutPage, renderMissingCheckoutPage } from './sandbox-checkout-page.ts';

const sessionParamsSchema = z.strictObject({ sessionId: z.string().regex(/^cs_test_[0-9a-f]{24}$/, 'not a test checkout id') });
const checkoutFormSchema = z
  .object({
    cardNumber: z.string().max(40).default(''),
    expiry: z.string().max(10).default(''),
    cvc: z.string().max(10).default(''),
  })
  .meta({ examples: [{ cardNumber: '4242 4242 4242 4242', expiry: '12/28', cvc: '123' }] });
const authenticateFormSchema = z.object({ approve: z.enum(['true', 'false']) }).meta({ examples: [{ approve: 'true' }] });
const checkoutPage = (description: string) => mediaResponse(description, ['text/html'], 'text');

/** The built-in card provider's own endpoints (test mode only: 404 when Stripe keys are set). */
export const sandboxCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];
  const provider = (): SandboxCardProvider => {
    const test = app.cardPayments.sandbox;
    if (!test && !app.cardPayments.available.card) throw cardPaymentsNotConfigured();
    if (!test) throw new AppError('NOT_FOUND', 404, 'Test mode is off: card payments go through Stripe');
    return test;
  };
  /** The client secret's intent must be the caller's own. */
  const ownIntent = (clientSecret: string, userId: string) => {
    const test = provider();
    if (test.intentOwner(clientSecret) !== userId) throw new AppError('NOT_FOUND', 404, 'Payment not found');
    return test;
  };

  // HTML forms post application/x-www-form-urlencoded; this parser exists in this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/payment/test-mode/card/confirm',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.testMode.confirmCard',
        tags,
        security,
        summary: 'Test mode: pay a PaymentIntent with a Stripe test card (4242… succeeds, …0002 declines, …3155 needs authentication)',
        body: testCardConfirmBodySchema,
        response: { 200: ok(testCardResultSchema), ...failures(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const { clientSecret, ...card } = request.body;
      const data = await ownIntent(clientSecret, currentUser(request).id).confirmCard(clientSecret, card);
      return { success: true as const, data };
    },
  );

  app.post(
    '/payment/test-mode/card/authenticate',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.testMode.authenticateCard',
        tags,
        security,
        summary: 'Test mode: approve or fail the extra confirmation step of a payment that requires action',
        body: testCardAuthenticateBodySchema,
        response: { 200: ok(testCardResultSchema), ...failures(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const { clientSecret, approve } = request.body;
      return { success: true as const, data: await ownIntent(clientSecret, currentUser(request).id).authenticate(clientSecret, approve) };
    },
  );

  app.get(
    '/payment/test-mode/checkout/:sessionId',
    {
      onRequest: app.documentSecurity,
      schema: {
        operationId: 'payments.testMode.getCheckout',
        security: [],
        tags,
        summary: 'Test mode: the checkout page (HTML) a test checkout session’s url points to',
        params: sessionParamsSchema,
        response: { 200: checkoutPage('The checkout page'), 404: checkoutPage('No such checkout session') },
      },
    },
    async (request, reply) => {
      const view = provider().checkoutView(request.params.sessionId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!view) return reply.code(404).send(renderMissingCheckoutPage());
      return reply.send(renderCheckoutPage(view));
    },
  );

  app.post(
    '/payment/test-mode/checkout/:sessionId',
    {
      onRequest: app.documentSecurity,
      schema: {
        operationId: 'payments.testMode.payCheckout',
        security: [],
        tags,
        summary: 'Test mode: the checkout page’s card form; redirects (303) to the success URL when paid',
        params: sessionParamsSchema,
        body: checkoutFormSchema,
        response: {
          200: checkoutPage('The checkout page again, e.g. with the 3-D Secure step'),
          303: redirectResponse('Paid: to the success URL'),
          402: checkoutPage('The card was declined: the page with the reason'),
          404: checkoutPage('No such checkout session'),
        },
      },
    },
    async (request, reply) => {
      const test = provider();
      const view = test.checkoutView(request.params.sessionId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!view) return reply.code(404).send(renderMissingCheckoutPage());
      const outcome = await test.payCheckout(view.id, request.body);
      if (outcome.kind === 'redirect') return reply.redirect(outcome.url, 303);
      const after = test.checkoutView(view.id) ?? view;
      return reply
        .code(outcome.kind === 'error' ? 402 : 200)
        .send(renderCheckoutPage(after, outcome.kind === 'error' ? outcome.message : null));
    },
  );

  app.post(
    '/payment/test-mode/checkout/:sessionId/authenticate',
    {
      onRequest: app.documentSecurity,
      schema: {
        operationId: 'payments.testMode.authenticateCheckout',
        security: [],
        tags,
        summary: 'Test mode: the checkout page’s simulated 3-D Secure step',
        params: sessionParamsSchema,
        body: authenticateFormSchema,
        response: {
          303: redirectResponse('Paid: to the success URL'),
          402: checkoutPage('Authentication failed or was refused: the page with the reason'),
          404: checkoutPage('No such checkout session'),
        },
      },
    },
    async (request, reply) => {
      const test = provider();
      const view = test.checkoutView(request.params.sessionId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!view) return reply.code(404).send(renderMissingCheckoutPage());
      const outcome = await test.authenticateCheckout(view.id, request.body.approve === 'true');
      if (outcome.kind === 'redirect') return reply.redirect(outcome.url, 303);
      const after = test.checkoutView(view.id) ?? view;
      return reply.code(402).send(renderCheckoutPage(after, outcome.kind === 'error' ? outcome.message : null));
    },
  );
};
