import { act } from '@testing-library/react';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import type { OrderDto } from '@lumen/core/payments/orders';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { openPaymentDialog } from '../api/payment-dialog-events.ts';
import { PaymentDialogs } from '../components/payment-dialogs.tsx';

export const ORDER_ID = '11111111-1111-4111-8111-111111111111';

export function makeOrder(status: OrderDto['status'], overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: ORDER_ID,
    kind: 'credit_pack',
    description: 'Pro - 50 credits',
    status,
    amountCents: 900,
    amount: 9,
    currency: 'usd',
    credits: 50,
    provider: 'stripe',
    testMode: true,
    failureReason: null,
    invoiceNumber: status === 'paid' ? 'INV-001001' : null,
    createdAt: '2026-11-21T10:00:00.000Z',
    paidAt: status === 'paid' ? '2026-11-21T10:00:05.000Z' : null,
    ...overrides,
  };
}

export const testModeConfig = {
  available: { card: true, crypto: true },
  testMode: { card: true, crypto: true },
  stripePublishableKey: null,
  cryptoMinimumAmount: 19.2,
};

/** Renders the payment dialogs for a signed-in user and opens them for a package. */
export async function openDialogsFor(pkg: CreditPackage) {
  const auth = fakeAuth({ user: makeUser() });
  const utils = renderRoutes([{ path: '/', element: <PaymentDialogs /> }], { auth });
  await act(async () => openPaymentDialog({ packageId: pkg.id }));
  return { ...utils, auth };
}

export function bodyOf(init: RequestInit): unknown {
  return typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
}
