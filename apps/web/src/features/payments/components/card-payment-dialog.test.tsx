import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { seededPackages } from '@/test/credits-fixtures.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import type { MockRoute } from '@/test/fetch-mock.ts';
import { bodyOf, makeOrder, openDialogsFor, ORDER_ID, testModeConfig } from '../test/payment-fixtures.tsx';

const packages = seededPackages();
const pro = packages[1]!; // $9 / 50 credits: 'Pro'
const intent = { clientSecret: 'pi_test_1_secret_abc', amount: 900, currency: 'usd', orderId: ORDER_ID };

type Overrides = Partial<Record<string, (init: RequestInit) => MockRoute>>;

function serve(overrides: Overrides = {}) {
  return mockFetch((url, init) => {
    const path = new URL(url, 'http://x').pathname.replace('/api/v1', '');
    const override = overrides[path];
    if (override) return override(init);
    if (path === '/credits/packages') return ok(packages);
    if (path === '/payment/config') return ok(testModeConfig);
    if (path === '/credits/purchase/stripe/create-payment-intent') return ok(intent);
    if (path === `/payment/orders/${ORDER_ID}`) return ok(makeOrder('paid'));
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

async function openCardDialog() {
  const utils = await openDialogsFor(pro);
  await userEvent.click(await screen.findByRole('button', { name: /Credit or Debit Card/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Purchase Credits - Pro' });
  expect(within(dialog).getByText("Complete your credit purchase using Stripe's secure payment system.")).toBeInTheDocument();
  return { ...utils, dialog };
}

async function payWith(dialog: HTMLElement, cardNumber: string) {
  await userEvent.type(await within(dialog).findByLabelText('Card number'), cardNumber);
  await userEvent.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/34');
  await userEvent.type(within(dialog).getByLabelText('CVC'), '123');
  await userEvent.type(within(dialog).getByLabelText('Name on card'), 'Ada Lovelace');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $9' }));
}

const calls = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(`/api/v1${path}`));

describe('card payment dialog (test mode)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('pays with 4242…, waits for the order to be paid, then toasts, refreshes the credits and closes', async () => {
    let orderReads = 0;
    const confirm = vi.fn((init: RequestInit) => {
      expect(bodyOf(init)).toEqual({
        clientSecret: intent.clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
        name: 'Ada Lovelace',
      });
      return ok({ status: 'succeeded' });
    });
    const served = serve({
      '/payment/test-mode/card/confirm': confirm,
      [`/payment/orders/${ORDER_ID}`]: () => ok(makeOrder(++orderReads < 2 ? 'pending' : 'paid')),
    });
    const { dialog, auth } = await openCardDialog();
    expect(within(dialog).getByRole('note', { name: 'Test mode' })).toHaveTextContent('TEST MODE');
    expect(within(dialog).getByRole('note', { name: 'Test mode' })).toHaveTextContent('4242 4242 4242 4242 succeeds');
    await payWith(dialog, '4242 4242 4242 4242');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(await within(dialog).findByText(/Adding your credits/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(orderReads).toBeGreaterThanOrEqual(2);
    expect(toast.success).toHaveBeenCalledWith('Payment Successful', { description: 'Your purchase of 50 credits (Pro) is complete.' });
    expect(toast.success).toHaveBeenCalledWith('Purchase successful — Your credits have been added to your account');
    expect(auth.refreshUser).toHaveBeenCalled();
    const intentCalls = calls(served, '/credits/purchase/stripe/create-payment-intent');
    expect(intentCalls).toHaveLength(1);
    expect(bodyOf(intentCalls[0]![1]!)).toEqual({ packageId: pro.id });
  });

  it('a declined card shows the failure, keeps the form and changes nothing', async () => {
    const served = serve({
      '/payment/test-mode/card/confirm': () => ok({ status: 'requires_payment_method', message: 'Your card was declined.' }),
    });
    const { dialog, auth } = await openCardDialog();
    await payWith(dialog, '4000 0000 0000 0002');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveTextContent('Payment status: requires_payment_method');
    expect(within(dialog).getByLabelText('Card number')).toBeInTheDocument();
    expect(calls(served, '/payment/orders')).toHaveLength(0);
    expect(toast.success).not.toHaveBeenCalled();
    expect(auth.refreshUser).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Purchase Credits - Pro' })).toBeInTheDocument();
  });

  it('requires_action stays on an extra confirmation step; approving it completes the payment', async () => {
    const authenticate = vi.fn((init: RequestInit) => {
      expect(bodyOf(init)).toEqual({ clientSecret: intent.clientSecret, approve: true });
      return ok({ status: 'succeeded' });
    });
    serve({
      '/payment/test-mode/card/confirm': () => ok({ status: 'requires_action' }),
      '/payment/test-mode/card/authenticate': authenticate,
    });
    const { dialog } = await openCardDialog();
    await payWith(dialog, '4000 0025 0000 3155');
    expect(await within(dialog).findByText('Confirm this payment')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(authenticate).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('Payment Successful', expect.anything());
  });

  it('refusing the confirmation shows the status and charges nothing', async () => {
    serve({
      '/payment/test-mode/card/confirm': () => ok({ status: 'requires_action' }),
      '/payment/test-mode/card/authenticate': () => ok({ status: 'requires_payment_method', message: 'Authentication failed.' }),
    });
    const { dialog } = await openCardDialog();
    await payWith(dialog, '4000 0025 0000 3155');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Fail authentication' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Payment status: requires_payment_method');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('an intent that cannot be created shows the init failure with Try Again, which asks again', async () => {
    let attempts = 0;
    serve({
      '/credits/purchase/stripe/create-payment-intent': () =>
        ++attempts === 1 ? fail(500, 'Provider unavailable', 'INTERNAL') : ok(intent),
    });
    const { dialog } = await openCardDialog();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to initialize payment. Please try again.');
    expect(toast.error).toHaveBeenCalledWith('Failed to create payment intent', { description: 'Provider unavailable' });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByLabelText('Card number')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('without test mode and without a publishable key it says Stripe is misconfigured', async () => {
    serve({ '/payment/config': () => ok({ ...testModeConfig, testMode: { card: false, crypto: false } }) });
    const { dialog } = await openCardDialog();
    expect(await within(dialog).findByText('Stripe configuration error. Please try again later.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});
