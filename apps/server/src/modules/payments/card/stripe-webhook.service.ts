import type Stripe from 'stripe';
import { AppError } from '../../../plugins/app-error.ts';
import { handleProviderEvent } from '../orders/index.ts';
import type { ProviderEventResult } from '../orders/index.ts';
import type { StripeEventContext } from './stripe-events/stripe-event-context.ts';
import { stripeEventHandlerFor } from './stripe-events/stripe-event-handlers.ts';

export { STRIPE_FULL_REFUND_REQUEST_NOTE } from './stripe-events/charge-events.ts';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid signature';

export type StripeWebhookDeps = StripeEventContext & {
  /** The secret events are signed with: STRIPE_WEBHOOK_SECRET, or the test provider's per-process one. */
  webhookSecret: string;
};

export type StripeWebhookHandler = (rawBody: Buffer | string, signature: string | undefined) => Promise<ProviderEventResult>;

type SignatureCheck = (rawBody: Buffer | string, signature: string | undefined) => Promise<Stripe.Event>;

/** Checks the signature on the raw body with the SDK, loaded on the first event, not at the server's start. */
function stripeSignatureCheck(webhookSecret: string): SignatureCheck {
  let verifier: Promise<Stripe> | undefined;
  return async (rawBody, signature) => {
    const stripe = await (verifier ??= import('stripe').then(({ default: StripeSdk }) => new StripeSdk('sk_webhook_verification_only')));
    try {
      if (!signature) throw new Error('missing signature');
      return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    } catch {
      throw new AppError('BAD_REQUEST', 400, INVALID_SIGNATURE_MESSAGE);
    }
  };
}

/**
 * The one entry of Stripe events, real or from the test provider: verify the signature on the raw body, let the
 * event type's handler (stripe-events/stripe-event-handlers.ts) plan its change, then store the event once and apply
 * the change in the same transaction (orders.service); what follows a commit runs for a first delivery only.
 */
export function createStripeWebhookHandler(deps: StripeWebhookDeps): StripeWebhookHandler {
  const { webhookSecret, ...context } = deps;
  const verify = stripeSignatureCheck(webhookSecret);
  return async function handleStripeWebhook(rawBody, signature) {
    const event = await verify(rawBody, signature);
    const plan = await stripeEventHandlerFor(event.type)(event, context);
    const result = await handleProviderEvent(
      context.db,
      { provider: 'stripe', eventId: event.id, type: event.type, payload: event, orderId: plan.orderId },
      plan.run,
    );
    if (!result.duplicate && plan.after) await plan.after();
    return result;
  };
}
