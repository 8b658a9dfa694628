import type { CheckoutSessionResult, PaymentIntentResult } from '@lumen/core/payments/card';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../plugins/app-error.ts';
import { findUserEmail } from '../../users/index.ts';
import { findStripeCustomerId, saveStripeCustomerId } from './card.repository.ts';
import { claimRefund, findOrderById } from '../orders/index.ts';
import {
  createCreditPackOrder,
  ORDER_NOT_FOUND_MESSAGE,
  openCardOrder,
  reverseOrderCredits,
  setOrderProviderPaymentId,
} from '../orders/index.ts';
import type { CardProvider } from './card-provider.ts';
import { assertCardPaymentsConfigured } from './unconfigured-card-provider.ts';

export type CardRefundResult = {
  /** Stripe's refund id (re_…), or the test provider's. */
  providerRefundId: string;
  /** Our refunds row (null only if Stripe's event recorded the same money under another reference first). */
  refundId: string | null;
  creditsReversed: number;
};

/** Checkout URLs must stay on this site: anything else would make us an open redirect. */
export function assertSameOrigin(publicUrl: string, urls: string[]): void {
  const origin = new URL(publicUrl).origin;
  for (const url of urls) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed || parsed.origin !== origin) {
      throw new AppError('VALIDATION_ERROR', 400, `Return URLs must be on ${origin}`, {
        details: [{ field: url === urls[0] ? 'successUrl' : 'cancelUrl', message: `must be on ${origin}` }],
      });
    }
  }
}

export function createCardPaymentsService(deps: { db: Db; provider: CardProvider; publicUrl: string; clock?: () => Date }) {
  const { db, provider } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** The user's Stripe customer, made once (test-mode customers are remade for a real key). */
  async function customerFor(userId: string): Promise<string> {
    const stored = await findStripeCustomerId(db, userId);
    const isTestCustomer = stored?.startsWith('cus_test_') ?? false;
    if (stored && isTestCustomer === provider.testMode) return stored;
    const email = await findUserEmail(db, userId);
    if (!email) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to continue');
    const { customerId } = await provider.createCustomer({
      userId,
      email,
      idempotencyKey: `customer:${userId}:${provider.testMode ? 'test' : 'live'}`,
    });
    await saveStripeCustomerId(db, userId, customerId);
    return customerId;
  }

  async function packOrder(userId: string, packageId: string, quantity: number) {
    return createCreditPackOrder(db, { userId, packageId, quantity, provider: 'stripe', testMode: provider.testMode });
  }

  return {
    customerFor,

    /**
     * A pending order for the server's own package and a PaymentIntent for exactly its price. Opening
     * the dialog again for the package gives the same open order and, through the same idempotency
     * key, the same PaymentIntent.
     */
    async createPaymentIntent(userId: string, packageId: string): Promise<PaymentIntentResult> {
      assertCardPaymentsConfigured(provider);
      const { order } = await openCardOrder(db, { userId, packageId, testMode: provider.testMode, now: clock() });
      const customerId = await customerFor(userId);
      const intent = await provider.createPaymentIntent({
        orderId: order.id,
        userId,
        amountCents: order.amountCents,
        currency: order.currency,
        description: order.description,
        customerId,
        idempotencyKey: `order:${order.id}:payment-intent`,
      });
      await setOrderProviderPaymentId(db, order.id, intent.paymentIntentId);
      return { clientSecret: intent.clientSecret, amount: order.amountCents, currency: order.currency, orderId: order.id };
    },

    /** A pending order and a hosted checkout page (Stripe Checkout, or the test page). */
    async createCheckoutSession(
      userId: string,
      input: { packageId: string; quantity?: number; successUrl: string; cancelUrl: string },
    ): Promise<CheckoutSessionResult> {
      assertCardPaymentsConfigured(provider);
      assertSameOrigin(deps.publicUrl, [input.successUrl, input.cancelUrl]);
      const order = await packOrder(userId, input.packageId, input.quantity ?? 1);
      const customerId = await customerFor(userId);
      const session = await provider.createCheckoutSession({
        orderId: order.id,
        userId,
        amountCents: order.amountCents,
        currency: order.currency,
        description: order.description,
        customerId,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        idempotencyKey: `order:${order.id}:checkout`,
      });
      await setOrderProviderPaymentId(db, order.id, session.sessionId);
      return { sessionId: session.sessionId, url: session.url, orderId: order.id };
    },

    /**
     * Gives card money back (admin refunds, approved refund requests): asks the provider, then
     * reverses the credits in proportion at once. The provider's charge.refunded event finds the
     * refund already recorded (cumulative amounts), so nothing happens twice.
     */
    async refundCardPayment(
      orderId: string,
      amountCents: number,
      idempotencyKey: string,
      details: { reason?: string; actorUserId?: string | null } = {},
    ): Promise<CardRefundResult> {
      const order = await findOrderById(db, orderId);
      if (!order || order.provider !== 'stripe') throw new AppError('NOT_FOUND', 404, ORDER_NOT_FOUND_MESSAGE);
      if (!order.paidAt || !['paid', 'partially_refunded'].includes(order.status)) {
        throw new AppError('CONFLICT', 409, 'Only a paid card order can be refunded');
      }
      const refundable = order.amountCents - order.refundedCents;
      if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > refundable) {
        throw new AppError('VALIDATION_ERROR', 400, `The refund must be between 1 and ${refundable} cents`);
      }
      if (!order.providerPaymentId?.startsWith('pi_')) {
        throw new AppError('CONFLICT', 409, 'This order has no card payment to refund');
      }
      const totalAfter = order.refundedCents + amountCents;
      const refund = await provider.refund(order.providerPaymentId, amountCents, idempotencyKey);
      const reversed = await reverseOrderCredits(db, {
        orderId: order.id,
        refundedCentsTotal: totalAfter,
        reason: details.reason ?? 'Refund',
        method: 'stripe',
        reference: refund.refundId,
        actorUserId: details.actorUserId ?? null,
      });
      if (reversed.replay && reversed.refundId) {
        await claimRefund(db, reversed.refundId, { reason: details.reason ?? 'Refund', actorUserId: details.actorUserId ?? null });
      }
      return { providerRefundId: refund.refundId, refundId: reversed.refundId, creditsReversed: reversed.creditsReversed };
    },
  };
}

export type CardPaymentsService = ReturnType<typeof createCardPaymentsService>;
