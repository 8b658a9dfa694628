import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { seededPackages } from '@/test/credits-fixtures.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeOrder, openDialogsFor, ORDER_ID } from '../test/payment-fixtures.tsx';

const stripe = vi.hoisted(() => ({ loadStripe: vi.fn(), confirmPayment: vi.fn(), elementsOptions: [] as unknown[] }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    stripe.elementsOptions.push(options);
    return <div>{children}</div>;
  },
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => ({ fake: 'elements' }),
}));

const pro = seededPackages()[1]!;
const intent = { clientSecret: 'pi_live_1_secret_xyz', amount: 900, currency: 'usd', orderId: ORDER_ID };
let keyCounter = 0;

function serve(publishableKey: string) {
  return mockFetch((url) => {
    const path = new URL(url, 'http://x').pathname.replace('/api/v1', '');
    if (path === '/credits/packages') return ok(seededPackages().map((p, i) => (i === 1 ? pro : p)));
    if (path === '/payment/config')
      return ok({
        available: { card: true, crypto: true },
        testMode: { card: false, crypto: false },
        stripePublishableKey: publishableKey,
        cryptoMinimumAmount: 19.2,
      });
    if (path === '/credits/purchase/stripe/create-payment-intent') return ok(intent);
    if (path === `/payment/orders/${ORDER_ID}`) return ok(makeOrder('paid'));
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

async function openStripeDialog() {
  keyCounter += 1;
  const key = `pk_test_${keyCounter}`;
  serve(key);
  const utils = await openDialogsFor(pro);
  await userEvent.click(await screen.findByRole('button', { name: /Credit or Debit Card/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Purchase Credits - Pro' });
  return { ...utils, dialog, key };
}

describe('card payment dialog with Stripe configured', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    stripe.elementsOptions.length = 0;
  });

  it("loads Stripe with the publishable key, mounts the Payment Element for the intent and confirms with return_url /dashboard/billing and redirect 'if_required'", async () => {
    stripe.loadStripe.mockResolvedValue({ stripe: true });
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { dialog, key } = await openStripeDialog();
    expect(await within(dialog).findByTestId('payment-element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith(key);
    expect(stripe.elementsOptions.at(-1)).toEqual({ clientSecret: intent.clientSecret });
    expect(within(dialog).queryByRole('note', { name: 'Test mode' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $9' }));
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: { fake: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/dashboard/billing` },
      redirect: 'if_required',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(toast.success).toHaveBeenCalledWith('Payment Successful', expect.anything());
  });

  it('requires_action stays in the dialog without a result', async () => {
    stripe.loadStripe.mockResolvedValue({ stripe: true });
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'requires_action' } });
    const { dialog } = await openStripeDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Pay $9' }));
    await waitFor(() => expect(stripe.confirmPayment).toHaveBeenCalled());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay $9' })).toBeEnabled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("any other status reads 'Payment status: {status}'; a Stripe error shows its message", async () => {
    stripe.loadStripe.mockResolvedValue({ stripe: true });
    stripe.confirmPayment
      .mockResolvedValueOnce({ paymentIntent: { status: 'processing' } })
      .mockResolvedValueOnce({ error: { message: 'Your card has insufficient funds.' } });
    const { dialog } = await openStripeDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Pay $9' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Payment status: processing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $9' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Your card has insufficient funds.'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says Stripe is misconfigured when Stripe.js cannot be loaded', async () => {
    stripe.loadStripe.mockRejectedValue(new Error('script failed'));
    const { dialog } = await openStripeDialog();
    expect(await within(dialog).findByText('Stripe configuration error. Please try again later.')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('payment-element')).not.toBeInTheDocument();
  });
});
