import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { autoTopUpMessages } from '@lumen/core/payments/auto-top-up';
import type { AutoTopUpSettings } from '@lumen/core/payments/auto-top-up';
import { makePackage } from '@/test/credits-fixtures.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import type { MockRoute } from '@/test/fetch-mock.ts';
import { renderRoutes } from '@/test/render.tsx';
import { bodyOf } from '../test/payment-fixtures.tsx';
import { AutoTopUpSection } from './auto-top-up-section.tsx';

const pack = makePackage(5, 20, { name: 'Starter pack' });
const card = { id: '22222222-2222-4222-8222-222222222222', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };

function settings(overrides: Partial<AutoTopUpSettings> = {}): AutoTopUpSettings {
  return {
    enabled: false,
    threshold: 5,
    packageId: null,
    monthlyLimit: 3,
    usedThisMonth: 0,
    lowBalanceEmail: true,
    disabledReason: null,
    card,
    history: [],
    ...overrides,
  };
}

/** The section's two reads, and PUT answered by `onSave` (the body it got). */
function serve(initial: AutoTopUpSettings, onSave: (body: Record<string, unknown>) => MockRoute) {
  return mockFetch((url, init) => {
    const path = new URL(url, 'http://x').pathname;
    if (path === '/api/v1/credits/packages') return ok([pack]);
    if (path === '/api/v1/payment/auto-top-up' && init.method === 'PUT') return onSave(bodyOf(init) as Record<string, unknown>);
    if (path === '/api/v1/payment/auto-top-up') return ok(initial);
    return { status: 404, body: { success: false, message: 'Not found', error: { code: 'NOT_FOUND' } } };
  });
}

const render = () => renderRoutes([{ path: '/', element: <AutoTopUpSection /> }]);

describe('automatic top-up settings', () => {
  beforeEach(() => {
    // Radix's switch measures its hidden form input.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('turns it on with a threshold, package and monthly limit, showing the card it pays with', async () => {
    const saved: Record<string, unknown>[] = [];
    serve(settings(), (body) => {
      saved.push(body);
      return ok(settings({ ...(body as Partial<AutoTopUpSettings>), enabled: true }));
    });
    render();
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Top up automatically' }));
    const threshold = screen.getByLabelText('When the balance falls below (credits)');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '10');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Starter pack: 20 credits for $5.00' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Buy this package'), pack.id);
    const limit = screen.getByLabelText('At most, times a month');
    await userEvent.clear(limit);
    await userEvent.type(limit, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ enabled: true, threshold: 10, packageId: pack.id, monthlyLimit: 2, lowBalanceEmail: true });
  });

  it('shows errors beside the fields, its own and the server’s, and sends nothing invalid', async () => {
    const saved: Record<string, unknown>[] = [];
    serve(settings(), (body) => {
      saved.push(body);
      return {
        status: 400,
        body: {
          success: false,
          message: 'threshold must be a whole number of credits from 1 to 100000',
          error: {
            code: 'VALIDATION_ERROR',
            details: [{ field: 'threshold', message: 'threshold must be a whole number of credits from 1 to 100000' }],
          },
        },
      };
    });
    render();
    await screen.findByText('Visa •••• 4242');
    await userEvent.click(screen.getByRole('switch', { name: 'Top up automatically' }));
    const limit = screen.getByLabelText('At most, times a month');
    await userEvent.clear(limit);
    await userEvent.type(limit, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('monthlyLimit must be a whole number from 1 to 31')).toBeInTheDocument();
    expect(screen.getByText('Choose a credit package to buy')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await userEvent.clear(limit);
    await userEvent.type(limit, '3');
    await userEvent.selectOptions(screen.getByLabelText('Buy this package'), pack.id);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('threshold must be a whole number of credits from 1 to 100000')).toBeInTheDocument();
    expect(screen.getByLabelText('When the balance falls below (credits)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('without a saved card: says how to get one and keeps the switch off', async () => {
    serve(settings({ card: null }), () => ok(settings()));
    render();
    expect(await screen.findByText(/No saved card yet\. Buy credits once by card/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Top up automatically' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy credits' })).toBeInTheDocument();
  });

  it('after its last card was removed: says so, and how to save a card again', async () => {
    serve(settings({ enabled: false, card: null, disabledReason: autoTopUpMessages.cardRemoved }), () => ok(settings()));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Automatic top-up was turned off because its saved card was removed. Buy credits once by card to save one, then turn it on again.',
    );
  });

  it('after a failed payment: why it was turned off, and the failed attempt in the history', async () => {
    serve(
      settings({
        disabledReason: 'Your card was declined.',
        history: [
          {
            id: '33333333-3333-4333-8333-333333333333',
            status: 'failed',
            packageName: 'Starter pack (automatic top-up)',
            credits: 20,
            amountCents: 500,
            currency: 'usd',
            balanceAtTrigger: 4,
            failureCode: 'card_declined',
            failureMessage: 'Your card was declined.',
            orderId: null,
            createdAt: '2026-11-20T10:00:00.000Z',
            finishedAt: '2026-11-20T10:00:01.000Z',
          },
        ],
      }),
      () => ok(settings()),
    );
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Automatic top-up was turned off because a payment failed: Your card was declined.',
    );
    const history = screen.getByRole('list', { name: 'Latest automatic top-ups' });
    expect(within(history).getByText('Failed')).toBeInTheDocument();
    expect(within(history).getByText('20 credits, $5.00')).toBeInTheDocument();
  });
});
