import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { makePackage, seededPackages } from '@/test/credits-fixtures.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import type { MockRoute } from '@/test/fetch-mock.ts';
import type { CryptoPayment, CryptoStatusValue } from '../api/crypto-payment.ts';
import { bodyOf, openDialogsFor, ORDER_ID, testModeConfig } from '../test/payment-fixtures.tsx';
import { CryptoStatusStep } from './crypto-status-step.tsx';

const packages = [...seededPackages(), makePackage(19.21, 130)];
const big = packages[3]!; // $49 / 350 credits
const expiresAt = new Date(Date.now() + 20 * 60_000 + 30_000).toISOString();
const payment: CryptoPayment = {
  paymentId: 'np_123',
  payAmount: 0.00071234,
  payCurrency: 'btc',
  priceAmount: 49,
  priceCurrency: 'usd',
  payAddress: 'tb1qtestaddress0000000000000000000000000',
  qrCodeUrl: 'data:image/png;base64,iVBORw0KGgo=',
  expiresAt,
  orderId: ORDER_ID,
  testMode: true,
};

function serve(overrides: Partial<Record<string, (init: RequestInit) => MockRoute>> = {}) {
  return mockFetch((url, init) => {
    const path = new URL(url, 'http://x').pathname.replace('/api/v1', '');
    const override = overrides[path];
    if (override) return override(init);
    if (path === '/credits/packages') return ok(packages);
    if (path === '/payment/config') return ok(testModeConfig);
    if (path === '/payment/crypto/currencies') return ok({ currencies: ['xrp', 'DAI', 'btc', 'ETH', 'usdc', 'AAA'] });
    if (path === '/payment/crypto/credits') return ok(payment);
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

async function openCryptoDialog() {
  const utils = await openDialogsFor(big);
  await userEvent.click(await screen.findByRole('button', { name: /Cryptocurrency/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Select Cryptocurrency' });
  return { ...utils, dialog };
}

describe('crypto payment dialog', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists the currencies popular first, then stable, then by ticker, and requires a selection', async () => {
    const fetchMock = serve();
    const { dialog } = await openCryptoDialog();
    const radios = await within(dialog).findAllByRole('radio');
    expect(await within(dialog).findByRole('note', { name: 'Test mode' })).toHaveTextContent('No real coins are sent');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['USDC', 'BTC', 'ETH', 'DAI', 'AAA', 'XRP']);
    expect(within(dialog).getByRole('radio', { name: 'BTC Bitcoin' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a cryptocurrency');
    expect(toast.error).toHaveBeenCalledWith('Please select a cryptocurrency');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/payment/crypto/credits'))).toBe(false);
  });

  it('searches every accepted coin by ticker or name; an empty search shows the top 24 and says how many there are', async () => {
    const others = Array.from({ length: 30 }, (_, i) => `C${String(i).padStart(2, '0')}`);
    serve({
      '/payment/config': () => ok({ ...testModeConfig, testMode: { card: false, crypto: false } }),
      '/payment/crypto/currencies': () =>
        ok({ currencies: ['BTC', 'USDTTRC20', ...others], details: [{ ticker: 'C29', name: 'Zeta Coin', network: 'zeta' }] }),
    });
    const { dialog } = await openCryptoDialog();
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(24);
    expect(dialog).toHaveAccessibleDescription(/with one of 32 cryptocurrencies\.$/);
    expect(within(dialog).getByText('Showing 24 of 32 accepted coins — search to find more.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: 'C29 Zeta Coin' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('note', { name: 'Test mode' })).not.toBeInTheDocument();

    const search = within(dialog).getByRole('searchbox', { name: 'Search coins' });
    await userEvent.type(search, 'zeta');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['C29']);
    expect(within(dialog).getByText('1 of 32 accepted coins match.')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'c1');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(10);
    await userEvent.clear(search);
    await userEvent.type(search, 'nope');
    expect(within(dialog).queryAllByRole('radio')).toEqual([]);
    expect(within(dialog).getByText('No accepted coin matches “nope”.')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'C29');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'C29 Zeta Coin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Complete Payment' })).toBeInTheDocument();
  });

  it('shows each coin’s logo beside its ticker, a letter where the icon set has none, and says in test mode that the list is the test list', async () => {
    serve();
    const { dialog } = await openCryptoDialog();
    expect(await within(dialog).findByRole('note', { name: 'Test mode' })).toHaveTextContent('The coins below are its test list');
    expect(within(dialog).getByText('Showing all 6 accepted coins.')).toBeInTheDocument();
    const tile = (ticker: string) =>
      within(dialog)
        .getByRole('radio', { name: new RegExp(`^${ticker} `) })
        .closest('label')!;
    // The logos are a lazy chunk of several hundred SVG links; a loaded machine takes a while to transform it.
    await waitFor(() => expect(tile('BTC').querySelector('img')).not.toBeNull(), { timeout: 30_000 });
    const logo = tile('BTC').querySelector('img')!;
    expect(logo).toHaveAttribute('aria-hidden', 'true');
    expect(logo).toHaveAttribute('alt', '');
    expect(logo.getAttribute('src')).toMatch(/cryptocurrency-icons\/svg\/color\/btc\.svg/);
    expect(tile('AAA').querySelector('img')).toBeNull();
    expect(tile('AAA').querySelector('[aria-hidden="true"]')).toHaveTextContent(/^A$/);
  }, 40_000);

  it('an empty list says so with Retry, which loads again', async () => {
    let reads = 0;
    serve({ '/payment/crypto/currencies': () => ok({ currencies: ++reads === 1 ? [] : ['BTC'] }) });
    const { dialog } = await openCryptoDialog();
    expect(await within(dialog).findByText('No cryptocurrencies available at the moment.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('radio', { name: 'BTC Bitcoin' })).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('a payment that cannot be created says so and stays on the first step', async () => {
    serve({ '/payment/crypto/credits': () => fail(400, 'Amount does not match the package price') });
    const { dialog } = await openCryptoDialog();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'BTC Bitcoin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Failed to create crypto payment')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Failed to create crypto payment', { description: 'Amount does not match the package price' });
    expect(screen.getByRole('dialog', { name: 'Select Cryptocurrency' })).toBeInTheDocument();
  });

  it('creates the payment, shows address, amount, QR and countdown, checks the status every 10 s and closes 2 s after it finishes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const statuses: CryptoStatusValue[] = ['WAITING', 'CONFIRMING', 'FINISHED'];
    let statusReads = 0;
    const create = vi.fn((init: RequestInit) => {
      expect(bodyOf(init)).toMatchObject({
        paymentType: 'CREDIT_PURCHASE',
        creditPackageId: big.id,
        amount: 49,
        currency: 'USD',
        payCurrency: 'BTC',
        description: expect.stringContaining('350 credits'),
      });
      return ok(payment);
    });
    serve({
      '/payment/crypto/credits': create,
      '/payment/crypto/status/np_123': () =>
        ok({ status: statuses[Math.min(statusReads++, 2)], actuallyPaid: 0, payCurrency: 'btc', txHash: null }),
    });
    const { auth } = await openDialogsFor(big);
    await user.click(await screen.findByRole('button', { name: /Cryptocurrency/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Select Cryptocurrency' });
    await user.click(await within(dialog).findByRole('radio', { name: 'BTC Bitcoin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(create).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByLabelText('Amount')).toHaveTextContent('0.00071234 BTC');
    expect(within(dialog).getByLabelText('Address')).toHaveTextContent(payment.payAddress);
    expect(within(dialog).getByRole('img', { name: 'QR code of the BTC payment address' })).toHaveAttribute('src', payment.qrCodeUrl);
    expect(within(dialog).getByRole('note', { name: 'Test mode' })).toBeInTheDocument();
    const countdown = within(dialog).getByTestId('crypto-countdown');
    const before = countdown.textContent;
    expect(before).toMatch(/^20:\d\d$/);
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    expect(countdown.textContent).not.toBe(before);
    await user.click(within(dialog).getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(payment.payAddress);
    expect(toast.success).toHaveBeenCalledWith('Copied to clipboard!');
    await user.click(within(dialog).getByRole('button', { name: 'Copy amount' }));
    expect(await navigator.clipboard.readText()).toBe('0.00071234');

    expect(statusReads).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: "I've Sent the Payment" }));
    dialog = await screen.findByRole('dialog', { name: 'Payment Status' });
    expect(await within(dialog).findByText('Waiting for payment...')).toBeInTheDocument();
    expect(statusReads).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(await within(dialog).findByText('Payment received, confirming...')).toBeInTheDocument();
    expect(statusReads).toBe(2);
    await user.click(within(dialog).getByRole('button', { name: 'Check Status' }));
    expect(await within(dialog).findByText('Payment completed successfully!')).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalledWith('Payment Successful', expect.anything());

    await act(async () => vi.advanceTimersByTimeAsync(1900));
    expect(screen.getByRole('dialog', { name: 'Payment Status' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Payment Successful', {
      description: 'Your purchase of 350 credits (350 Credits) is complete.',
    });
    expect(toast.success).toHaveBeenCalledWith('Purchase successful — Your credits have been added to your account');
    expect(auth.refreshUser).toHaveBeenCalled();
    // finished: no more checks
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(statusReads).toBe(3);
  });
});

describe('crypto status step', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it.each([
    ['WAITING', 'Waiting for payment...'],
    ['CONFIRMING', 'Payment received, confirming...'],
    ['CONFIRMED', 'Payment confirmed'],
    ['SENDING', 'Processing payment...'],
    ['FINISHED', 'Payment completed successfully!'],
    ['FAILED', 'Payment failed'],
    ['EXPIRED', 'Payment expired'],
    ['PARTIALLY_PAID', 'Partially paid'],
  ] as const)('%s reads %s', async (status, text) => {
    mockFetch(() => ok({ status, actuallyPaid: status === 'PARTIALLY_PAID' ? 0.0003 : 0, payCurrency: 'btc', txHash: null }));
    render(<CryptoStatusStep payment={payment} onFinished={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('crypto-status')).toHaveTextContent(new RegExp(`^${text.replace(/[.!]/g, '\\$&')}$`)));
    if (status === 'PARTIALLY_PAID') expect(screen.getByText(/Received 0.0003 of 0.00071234 BTC/)).toBeInTheDocument();
  });

  it.each(['FAILED', 'EXPIRED'] as const)('%s toasts the failure, never calls success and stops checking', async (status) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch(() => ok({ status, actuallyPaid: 0, payCurrency: 'btc', txHash: null }));
    const onFinished = vi.fn();
    render(<CryptoStatusStep payment={payment} onFinished={onFinished} />);
    expect(
      await screen.findByText('Payment failed or expired. No credits were added. If you sent coins, contact support with the address.'),
    ).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Payment failed or expired');
    expect(screen.queryByRole('button', { name: 'Check Status' })).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(25_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onFinished).not.toHaveBeenCalled();
  });
});
