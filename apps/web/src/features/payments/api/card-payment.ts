import type { OrderDto } from '@lumen/core/payments/orders';
import { apiClient } from '@/lib/api-client.ts';

/** Payment intent response; amount in cents. */
export type PaymentIntent = { clientSecret: string; amount: number; currency: string; orderId: string };

/** POST /credits/purchase/stripe/create-payment-intent {packageId}: opens a pending order for the package. */
export function createPaymentIntent(packageId: string): Promise<PaymentIntent> {
  return apiClient.post<PaymentIntent>('/credits/purchase/stripe/create-payment-intent', { packageId });
}

export type CardResultStatus = 'succeeded' | 'requires_action' | 'requires_payment_method' | (string & {});
export type TestCardResult = { status: CardResultStatus; message?: string };

/** Test mode only: POST /payment/test-mode/card/confirm, the built-in card form's submit. */
export function confirmTestCard(body: {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  name?: string;
}): Promise<TestCardResult> {
  return apiClient.post<TestCardResult>('/payment/test-mode/card/confirm', body);
}

/** Test mode only: POST /payment/test-mode/card/authenticate, the extra confirmation step (3-D Secure). */
export function authenticateTestCard(body: { clientSecret: string; approve: boolean }): Promise<TestCardResult> {
  return apiClient.post<TestCardResult>('/payment/test-mode/card/authenticate', body);
}

/** GET /payment/orders/{id}: the order as its owner sees it. */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDto> {
  return apiClient.get<OrderDto>(`/payment/orders/${encodeURIComponent(orderId)}`, { signal });
}
