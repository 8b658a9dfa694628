import type Stripe from 'stripe';
import { AppError } from '../../../plugins/app-error.ts';
import type {
  CardDetails,
  CardProvider,
  CreateCheckoutInput,
  CreatePaymentIntentInput,
  CreateSubscriptionCheckoutInput,
  OffSessionChargeInput,
  OffSessionChargeResult,
  ProviderSubscriptionState,
} from './card-provider.ts';
import type { StripeSettings } from '../../../config/stripe.ts';

/**
 * A Stripe client for the configured key; STRIPE_API_BASE points it at another host (tests). The SDK is loaded here,
 * on the first request to Stripe, not at the server's start.
 */
export async function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

const seconds = (value: number | null | undefined) => (typeof value === 'number' ? new Date(value * 1000) : null);

function subscriptionState(subscription: Stripe.Subscription): ProviderSubscriptionState {
  const item = subscription.items?.data?.[0];
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const status = subscription.status;
  return {
    status:
      status === 'active' || status === 'trialing'
        ? 'active'
        : status === 'past_due' || status === 'unpaid'
          ? 'past_due'
          : status === 'canceled' || status === 'incomplete_expired'
            ? 'canceled'
            : 'incomplete',
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: seconds(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end ?? legacy.current_period_end),
  };
}

/** Stripe's own errors become a 502 with Stripe's message (a card error keeps its text). */
async function stripeErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const { default: StripeSdk } = await import('stripe');
    if (error instanceof StripeSdk.errors.StripeError) {
      throw new AppError('SERVICE_UNAVAILABLE', 502, `The card processor refused the request: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/**
 * A card error of an off-session charge (Stripe's StripeCardError: `code`, `decline_code`, and the PaymentIntent it
 * left in requires_payment_method) as a refusal; any other error is the caller's to retry.
 */
async function offSessionRefusal(error: unknown): Promise<OffSessionChargeResult | null> {
  const { default: StripeSdk } = await import('stripe');
  if (!(error instanceof StripeSdk.errors.StripeCardError)) return null;
  return {
    status: 'failed',
    paymentIntentId: error.payment_intent?.id ?? null,
    code: error.code === 'authentication_required' ? 'authentication_required' : 'card_declined',
    declineCode: error.decline_code || null,
    message: error.message,
  };
}

/** The real card provider: Stripe's REST API through the official SDK, every POST with an idempotency key. */
export function createStripeCardProvider(settings: StripeSettings, client?: Stripe): CardProvider {
  let stripeClient: Promise<Stripe> | undefined = client ? Promise.resolve(client) : undefined;
  /** A request through the client, which is made (and the SDK loaded) on the first one. */
  const stripeCall = async <T>(call: (stripe: Stripe) => Promise<T>): Promise<T> => {
    const stripe = await (stripeClient ??= createStripeClient(settings));
    return stripeErrors(() => call(stripe));
  };
  return {
    testMode: false,

    async createCustomer({ userId, email, idempotencyKey }) {
      const customer = await stripeCall((stripe) => stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey }));
      return { customerId: customer.id };
    },

    async createPaymentIntent(input: CreatePaymentIntentInput) {
      const intent = await stripeCall((stripe) =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            customer: input.customerId,
            description: input.description,
            automatic_payment_methods: { enabled: true },
            setup_future_usage: 'off_session',
            metadata: { orderId: input.orderId, userId: input.userId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new AppError('SERVICE_UNAVAILABLE', 502, 'The card processor returned no client secret');
      return { paymentIntentId: intent.id, clientSecret: intent.client_secret };
    },

    async createCheckoutSession(input: CreateCheckoutInput) {
      const session = await stripeCall((stripe) =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            customer: input.customerId,
            client_reference_id: input.orderId,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            line_items: [
              {
                quantity: 1,
                price_data: { currency: input.currency, unit_amount: input.amountCents, product_data: { name: input.description } },
              },
            ],
            metadata: { orderId: input.orderId, userId: input.userId },
            payment_intent_data: { metadata: { orderId: input.orderId, userId: input.userId }, setup_future_usage: 'off_session' },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', 502, 'The card processor returned no checkout URL');
      return { sessionId: session.id, url: session.url };
    },

    async createSubscriptionCheckout(input: CreateSubscriptionCheckoutInput) {
      const metadata = { subscriptionId: input.subscriptionId, userId: input.userId, planId: input.plan.id };
      const session = await stripeCall((stripe) =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: input.customerId,
            client_reference_id: input.subscriptionId,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.plan.priceCents,
                  recurring: { interval: input.plan.interval },
                  product_data: { name: `${input.plan.name} plan` },
                },
              },
            ],
            metadata,
            subscription_data: { metadata },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', 502, 'The card processor returned no checkout URL');
      return { sessionId: session.id, url: session.url };
    },

    async cancelSubscription(providerSubscriptionId, { immediately, idempotencyKey }) {
      const subscription = await stripeCall((stripe) =>
        immediately
          ? stripe.subscriptions.cancel(providerSubscriptionId, {}, { idempotencyKey })
          : stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true }, { idempotencyKey }),
      );
      return subscriptionState(subscription);
    },

    async reactivateSubscription(providerSubscriptionId, idempotencyKey) {
      const subscription = await stripeCall((stripe) =>
        stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: false }, { idempotencyKey }),
      );
      return subscriptionState(subscription);
    },

    async refund(paymentRef, amountCents, idempotencyKey) {
      const refund = await stripeCall((stripe) =>
        stripe.refunds.create({ payment_intent: paymentRef, amount: amountCents, reason: 'requested_by_customer' }, { idempotencyKey }),
      );
      return { refundId: refund.id, status: refund.status ?? 'pending' };
    },

    async retrievePaymentMethod(providerMethodId): Promise<CardDetails | null> {
      const method = await stripeCall((stripe) => stripe.paymentMethods.retrieve(providerMethodId));
      if (!method.card) return null;
      return { brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
    },

    async setDefaultPaymentMethod(customerId, providerMethodId, idempotencyKey) {
      await stripeCall((stripe) =>
        stripe.customers.update(customerId, { invoice_settings: { default_payment_method: providerMethodId } }, { idempotencyKey }),
      );
    },

    async detachPaymentMethod(providerMethodId, idempotencyKey) {
      await stripeCall((stripe) => stripe.paymentMethods.detach(providerMethodId, {}, { idempotencyKey }));
    },

    async chargeOffSession(input: OffSessionChargeInput): Promise<OffSessionChargeResult> {
      const stripe = await (stripeClient ??= createStripeClient(settings));
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { orderId: input.orderId, userId: input.userId, autoTopUp: 'true' },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', paymentIntentId: intent.id };
        // Off-session, anything but success is a refusal (e.g. requires_action: the bank wants the customer).
        return {
          status: 'failed',
          paymentIntentId: intent.id,
          code: intent.status === 'requires_action' ? 'authentication_required' : 'card_declined',
          declineCode: intent.last_payment_error?.decline_code ?? null,
          message: intent.last_payment_error?.message ?? `The payment was not completed (${intent.status})`,
        };
      } catch (error) {
        const refusal = await offSessionRefusal(error);
        if (refusal) return refusal;
        return stripeErrors(() => Promise.reject(error));
      }
    },
  };
}
