import { paymentsNotConfiguredMessages } from '@lumen/core/payments/card';
import { AppError } from '../../../plugins/app-error.ts';
import type { CardProvider } from './card-provider.ts';

/** What every card route answers on a server with neither Stripe keys nor PAYMENTS_SANDBOX=true. */
export function cardPaymentsNotConfigured(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 503, paymentsNotConfiguredMessages.card);
}

const refuse = async (): Promise<never> => {
  throw cardPaymentsNotConfigured();
};

/**
 * The card provider of a server without STRIPE_SECRET_KEY where the sandbox may not run (NODE_ENV=production
 * without PAYMENTS_SANDBOX=true): every call is refused with 503, so no order is paid and no credit granted.
 */
export class UnconfiguredCardProvider implements CardProvider {
  readonly testMode = false;
  createCustomer = refuse;
  createPaymentIntent = refuse;
  createCheckoutSession = refuse;
  createSubscriptionCheckout = refuse;
  cancelSubscription = refuse;
  reactivateSubscription = refuse;
  refund = refuse;
  retrievePaymentMethod = refuse;
  setDefaultPaymentMethod = refuse;
  detachPaymentMethod = refuse;
  chargeOffSession = refuse;
}

/** Refuses (503) before anything is written when card payments are not configured. */
export function assertCardPaymentsConfigured(provider: CardProvider): void {
  if (provider instanceof UnconfiguredCardProvider) throw cardPaymentsNotConfigured();
}
