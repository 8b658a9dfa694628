export type { CardPaymentsService } from './card-payments.service.ts';
export type { CardDetails, CardProvider, OffSessionChargeResult, ProviderSubscriptionState } from './card-provider.ts';
export {
  cancelIncompleteSubscriptions,
  findDefaultMethod,
  findPlan,
  findUserSubscription,
  insertSubscription,
  updateSubscription,
} from './card.repository.ts';
export { loadStripeConfig } from '../../../config/stripe.ts';
export type { StripeSettings } from '../../../config/stripe.ts';
export { createCardOrderExpiry } from './card-order-expiry.ts';
export { cardLabel } from './card-label.ts';
export { createStripeWebhookHandler } from './stripe-webhook.service.ts';
export type { StripeWebhookHandler } from './stripe-webhook.service.ts';
export { cardPaymentRoutes } from './card.routes.ts';
export { createStripeCardProvider } from './stripe-card-provider.ts';
export { assertCardPaymentsConfigured, cardPaymentsNotConfigured, UnconfiguredCardProvider } from './unconfigured-card-provider.ts';
export { createCardPaymentsService } from './card-payments.service.ts';
