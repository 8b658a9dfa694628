import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentUsage } from '@lumen/core/credits/schemas';
import { UPGRADE_OPEN_EVENT } from '@/features/payments/api/upgrade-modal-events.ts';
import { defaultCosts } from '@/test/credits-fixtures.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { DashboardHomePage } from './dashboard-home-page.tsx';

function usage(balance: number, spent = 0): PaymentUsage {
  const costs = Object.entries(defaultCosts);
  return {
    balance,
    spent,
    hasPurchased: false,
    plan: { id: 'free', name: 'Starter' },
    services: costs.map(([serviceKey, cost]) => ({
      serviceKey,
      name: serviceKey,
      cost,
      usesLeft: cost === 0 ? ('unlimited' as const) : Math.floor(balance / cost),
      creditsSpent: 0,
      uses: 0,
    })),
  };
}

function serve(data: PaymentUsage | null) {
  return mockFetch((url) => {
    if (url === '/api/v1/payment/usage') return data ? ok(data) : fail(500, 'Boom', 'INTERNAL');
    if (url === '/api/v1/credits/costs') return ok(defaultCosts);
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

const routes = [{ path: '/', element: <DashboardHomePage /> }];

describe('dashboard home', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows balance and spent from GET /payment/usage, 'Good standing' above 2, and uses left per tool", async () => {
    serve(usage(12, 3));
    renderRoutes(routes, { auth: fakeAuth({ user: makeUser({ credit: { balance: 5, spent: 0 } }) }) });
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByTestId('credit-spent')).toHaveTextContent('3');
    expect(screen.getByText('Good standing')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('uses-left-ai-background')).toHaveTextContent('Unlimited');
    expect(screen.getByTestId('uses-left-image-generator')).toHaveTextContent('12 uses left');
    expect(screen.getByTestId('uses-left-speedpainting')).toHaveTextContent('2 uses left');
    expect(screen.getByRole('link', { name: /Virtual Try-On/ })).toHaveAttribute('href', '/dashboard/tools/virtual-try-on');
  });

  it('warns at 2 credits or less, and Buy credits opens the upgrade modal', async () => {
    serve(usage(2, 3));
    const opened = vi.fn();
    window.addEventListener(UPGRADE_OPEN_EVENT, opened);
    renderRoutes(routes, { auth: fakeAuth({ user: makeUser() }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Low balance: you have 2 credits left.');
    expect(screen.queryByText('Good standing')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Buy credits' }));
    window.removeEventListener(UPGRADE_OPEN_EVENT, opened);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('uses-left-virtual-try-on')).toHaveTextContent('1 use left');
  });

  it("falls back to the user's credit, and to 10 and 0 only when it is absent", async () => {
    serve(null);
    const user = makeUser();
    renderRoutes(routes, { auth: fakeAuth({ user: { ...user, credit: undefined as unknown as typeof user.credit } }) });
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('10');
    expect(screen.getByTestId('credit-spent')).toHaveTextContent('0');
    expect(screen.getByText('Good standing')).toBeInTheDocument();
  });

  it('shows a zero balance as 0 with the low-balance warning (not the default 10)', async () => {
    serve(null);
    renderRoutes(routes, { auth: fakeAuth({ user: makeUser({ credit: { balance: 0, spent: 5 } }) }) });
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('0');
    expect(screen.getByRole('alert')).toHaveTextContent('Low balance');
  });
});
