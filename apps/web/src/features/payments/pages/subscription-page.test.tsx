import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultCosts, seededPackages } from '@/test/credits-fixtures.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import type { MockRoute } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { goToCheckout } from '../api/checkout-redirect.ts';
import type { SubscriptionDto } from '../api/subscription.ts';
import { bodyOf } from '../test/payment-fixtures.tsx';
import { SubscriptionPage } from './subscription-page.tsx';

vi.mock('../api/checkout-redirect.ts', () => ({ goToCheckout: vi.fn() }));

const plan = {
  id: 'plan-1',
  name: 'Creator Monthly',
  description: 'For regular creators',
  price: 29,
  interval: 'month',
  creditsPerPeriod: 200,
  features: [],
  isActive: true,
  sortOrder: 1,
};
const subscription: SubscriptionDto = {
  id: 'sub-1',
  status: 'active',
  plan: { id: 'plan-1', name: 'Creator Monthly', price: 29, interval: 'month', creditsPerPeriod: 200 },
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  canceledAt: null,
  renewsAutomatically: true,
  testMode: true,
};

function serve(routes: Record<string, (init: RequestInit) => MockRoute>) {
  return mockFetch((raw, init) => {
    const path = new URL(raw, 'http://x').pathname.replace('/api/v1', '');
    const route = routes[`${init.method ?? 'GET'} ${path}`];
    if (route) return route(init);
    if (path === '/payment/plans') return ok([plan]);
    if (path === '/credits/packages') return ok(seededPackages());
    if (path === '/credits/costs') return ok(defaultCosts);
    if (path === '/payment/usage') return ok({ balance: 5, spent: 0, hasPurchased: false, plan: { name: 'Starter' }, services: [] });
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

const renderPage = () =>
  renderRoutes([{ path: '/dashboard/subscription', element: <SubscriptionPage /> }], {
    path: '/dashboard/subscription',
    auth: fakeAuth({ user: makeUser() }),
  });

describe('subscription page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('without a subscription, Subscribe opens checkout at data.url', async () => {
    const checkout = vi.fn((init: RequestInit) => {
      expect(bodyOf(init)).toEqual({ planId: 'plan-1' });
      return ok({ sessionId: 'cs_1', url: 'https://checkout.example/cs_1', subscriptionId: 'sub-1' });
    });
    serve({ 'GET /payment/subscriptions/me': () => ok({ subscription: null }), 'POST /payment/checkout/subscription': checkout });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe to Creator Monthly' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('https://checkout.example/cs_1'));
  });

  it('cancels at period end after a confirm, then reactivates', async () => {
    let current = subscription;
    const cancel = vi.fn((init: RequestInit) => {
      expect(bodyOf(init)).toEqual({ cancelImmediately: false });
      current = { ...current, cancelAtPeriodEnd: true };
      return ok(current);
    });
    serve({
      'GET /payment/subscriptions/me': () => ok({ subscription: current }),
      'POST /payment/subscriptions/cancel': cancel,
      'POST /payment/subscription/reactivate': () => {
        current = { ...current, cancelAtPeriodEnd: false };
        return ok(current);
      },
    });
    renderPage();
    const card = await screen.findByLabelText('Your subscription');
    expect(card).toHaveTextContent('Renews on Dec 1, 2026');
    expect(screen.getByRole('button', { name: 'Subscribe to Creator Monthly' })).toBeDisabled();
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(card).toHaveTextContent('Ends on Dec 1, 2026'));
    expect(cancel).toHaveBeenCalledTimes(1);
    await userEvent.click(within(card).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(card).toHaveTextContent('Renews on Dec 1, 2026'));
  });

  it('cancels immediately when chosen', async () => {
    const cancel = vi.fn((init: RequestInit) => {
      expect(bodyOf(init)).toEqual({ cancelImmediately: true });
      return ok({ ...subscription, status: 'canceled', canceledAt: '2026-11-21T00:00:00.000Z' });
    });
    serve({ 'GET /payment/subscriptions/me': () => ok({ subscription }), 'POST /payment/subscriptions/cancel': cancel });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    await userEvent.click(within(dialog).getByLabelText(/Immediately/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel now' }));
    await waitFor(() => expect(screen.getByLabelText('Your subscription')).toHaveTextContent('Canceled on Nov 21, 2026'));
    expect(screen.getByRole('button', { name: 'Subscribe to Creator Monthly' })).toBeEnabled();
  });

  it('a crypto-paid period says it does not renew, offers no reactivation, and its cancel stops it now', async () => {
    const crypto: SubscriptionDto = { ...subscription, cancelAtPeriodEnd: true, renewsAutomatically: false };
    const cancel = vi.fn((init: RequestInit) => {
      expect(bodyOf(init)).toEqual({ cancelImmediately: true });
      return ok({ ...crypto, status: 'canceled', cancelAtPeriodEnd: false, canceledAt: '2026-11-21T00:00:00.000Z' });
    });
    serve({ 'GET /payment/subscriptions/me': () => ok({ subscription: crypto }), 'POST /payment/subscriptions/cancel': cancel });
    renderPage();
    const card = await screen.findByLabelText('Your subscription');
    expect(card).toHaveTextContent('Paid by crypto through Dec 1, 2026; it does not renew');
    expect(card).not.toHaveTextContent('Renews on');
    expect(card).not.toHaveTextContent('Cancels at period end');
    expect(within(card).queryByRole('button', { name: 'Reactivate' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(within(dialog).queryByLabelText(/At the end of the current period/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel now' }));
    await waitFor(() => expect(screen.getByLabelText('Your subscription')).toHaveTextContent('Canceled on Nov 21, 2026'));
    expect(cancel).toHaveBeenCalledTimes(1);
  });
});
