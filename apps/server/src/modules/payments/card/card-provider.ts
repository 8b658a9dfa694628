/**
 * What the app asks of a card processor (payments contract "Providers"). Stripe implements it
 * over its REST API; the built-in test provider implements it offline and reports back with
 * Stripe-shaped, signed events through the same webhook function. Every mutating call takes an
 * idempotency key so a retried request never charges, refunds or cancels twice.
 */
export type CardCustomerInput = { userId: string; email: string; idempotencyKey: string };

export type CreatePaymentIntentInput = {
  orderId: string;
  userId: string;
  amountCents: number;
  currency: string;
  description: string;
  customerId: string;
  idempotencyKey: string;
};

export type CreateCheckoutInput = {
  orderId: string;
  userId: string;
  amountCents: number;
  currency: string;
  description: string;
  customerId: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};

export type CreateSubscriptionCheckoutInput = {
  /** Our subscriptions row; carried in metadata so every later event finds it. */
  subscriptionId: string;
  userId: string;
  plan: { id: string; name: string; priceCents: number; interval: 'month' | 'year'; creditsPerPeriod: number };
  currency: string;
  customerId: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};

/** A charge of a saved card without the customer present (automatic top-up). */
export type OffSessionChargeInput = {
  orderId: string;
  userId: string;
  amountCents: number;
  currency: string;
  description: string;
  customerId: string;
  /** The saved card's id at the processor (pm_…). */
  paymentMethodId: string;
  idempotencyKey: string;
};

/**
 * The processor's answer: paid, or refused by the card (Stripe's card errors: `card_declined` with its decline code,
 * or `authentication_required` when the bank wants the customer present). Anything else (the processor unreachable,
 * a 5xx) is thrown: the same request with the same key may be sent again.
 */
export type OffSessionChargeResult =
  | { status: 'succeeded'; paymentIntentId: string }
  | {
      status: 'failed';
      paymentIntentId: string | null;
      code: 'card_declined' | 'authentication_required';
      declineCode: string | null;
      message: string;
    };

export type CardDetails = { brand: string; last4: string; expMonth: number; expYear: number };

export type ProviderSubscriptionState = {
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
};

export interface CardProvider {
  /** True for the built-in offline provider. */
  readonly testMode: boolean;
  createCustomer(input: CardCustomerInput): Promise<{ customerId: string }>;
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<{ paymentIntentId: string; clientSecret: string }>;
  createCheckoutSession(input: CreateCheckoutInput): Promise<{ sessionId: string; url: string }>;
  createSubscriptionCheckout(input: CreateSubscriptionCheckoutInput): Promise<{ sessionId: string; url: string }>;
  cancelSubscription(
    providerSubscriptionId: string,
    options: { immediately: boolean; idempotencyKey: string },
  ): Promise<ProviderSubscriptionState>;
  reactivateSubscription(providerSubscriptionId: string, idempotencyKey: string): Promise<ProviderSubscriptionState>;
  /** Refunds part or all of a payment (a PaymentIntent id). */
  refund(paymentRef: string, amountCents: number, idempotencyKey: string): Promise<{ refundId: string; status: string }>;
  /** Display details of a saved card (never its number). */
  retrievePaymentMethod(providerMethodId: string): Promise<CardDetails | null>;
  setDefaultPaymentMethod(customerId: string, providerMethodId: string, idempotencyKey: string): Promise<void>;
  detachPaymentMethod(providerMethodId: string, idempotencyKey: string): Promise<void>;
  /** Charges a saved card off-session (PaymentIntent with off_session and confirm). */
  chargeOffSession(input: OffSessionChargeInput): Promise<OffSessionChargeResult>;
}
