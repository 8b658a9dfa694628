import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerEntry } from '@lumen/core/credits/schemas';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { BillingPage } from './billing-page.tsx';

function entry(n: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: `e${n}`,
    amount: 5,
    balanceAfter: 100 - n,
    kind: 'purchase',
    description: `Purchase ${n}`,
    serviceKey: null,
    createdAt: '2025-03-04T10:20:00.000Z',
    ...overrides,
  };
}

const routes = [{ path: '/dashboard/account/billing', element: <BillingPage /> }];

describe('billing page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pages through the transaction history 10 at a time, with totals and formatted dates', async () => {
    const fetchMock = mockFetch((url) => {
      const parsed = new URL(url, 'http://x');
      if (parsed.pathname === '/api/v1/credits/transaction-history') {
        const page = Number(parsed.searchParams.get('page'));
        const start = (page - 1) * 10;
        const items = Array.from({ length: page === 3 ? 3 : 10 }, (_, i) => entry(start + i + 1));
        return ok({ items, page, limit: 10, total: 23, totalPages: 3, totals: { creditsAdded: 115, creditsRemoved: 4 } });
      }
      if (parsed.pathname === '/api/v1/credits/usage-history') {
        return ok({
          items: [],
          page: 1,
          limit: 10,
          total: 0,
          totalPages: 0,
          totals: { creditsSpent: 0, creditsRefunded: 0, byService: {} },
        });
      }
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    renderRoutes(routes, { path: '/dashboard/account/billing', auth: fakeAuth({ user: makeUser() }) });
    const table = await screen.findByRole('table', { name: 'Credit transactions, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('Purchase 1')).toBeInTheDocument();
    expect(within(table).getAllByText(/^Mar 4, 2025, \d{1,2}:\d{2} [AP]M$/)).toHaveLength(10);
    expect(screen.getByText('Added:').parentElement).toHaveTextContent('Added: 115');
    expect(screen.getByText('Removed:').parentElement).toHaveTextContent('Removed: 4');

    const nav = screen.getByRole('navigation', { name: 'Transaction history pages' });
    expect(within(nav).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /Previous/ })).toBeDisabled();
    await userEvent.click(within(nav).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(within(nav).getByText('Page 2 of 3')).toBeInTheDocument());
    expect(await within(table).findByText('Purchase 11')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: /Next/ }));
    expect(await within(table).findByText('Purchase 23')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /Next/ })).toBeDisabled();
    const urls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('transaction-history'));
    expect(urls).toEqual([
      '/api/v1/credits/transaction-history?page=1&limit=10',
      '/api/v1/credits/transaction-history?page=2&limit=10',
      '/api/v1/credits/transaction-history?page=3&limit=10',
    ]);
    // the usage history is empty
    expect(screen.getByText('No usage yet')).toBeInTheDocument();
  });

  it('shows the usage history with service names and totals, and an empty transaction state', async () => {
    mockFetch((url) => {
      if (url.startsWith('/api/v1/credits/usage-history')) {
        return ok({
          items: [entry(1, { kind: 'job_charge', amount: -2, serviceKey: 'virtual-try-on', description: 'Virtual Try-On job' })],
          page: 1,
          limit: 10,
          total: 1,
          totalPages: 1,
          totals: { creditsSpent: 2, creditsRefunded: 0, byService: { 'virtual-try-on': 2 } },
        });
      }
      if (url.startsWith('/api/v1/credits/transaction-history')) {
        return ok({ items: [], page: 1, limit: 10, total: 0, totalPages: 0, totals: { creditsAdded: 0, creditsRemoved: 0 } });
      }
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    renderRoutes(routes, { path: '/dashboard/account/billing', auth: fakeAuth({ user: makeUser() }) });
    const table = await screen.findByRole('table', { name: 'Credits used per tool run, newest first' });
    expect(within(table).getByText('Virtual Try-On')).toBeInTheDocument();
    expect(within(table).getByText('-2')).toBeInTheDocument();
    expect(screen.getByText('Spent:').parentElement).toHaveTextContent('Spent: 2');
    expect(screen.getByText('No transactions yet')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Usage history pages' })).not.toBeInTheDocument();
  });
});

describe('billing page: how the user buys credits', () => {
  afterEach(() => vi.unstubAllGlobals());

  const serveSubscription = (subscription: unknown) =>
    mockFetch((url) => (url === '/api/v1/payment/subscriptions/me' ? ok({ subscription }) : fail(404, 'Not found', 'NOT_FOUND')));

  it('shows a running monthly plan beside the balance, with a link to manage it', async () => {
    serveSubscription({
      id: 'sub-1',
      status: 'active',
      plan: { id: 'plan-1', name: 'Creator', price: 15, interval: 'month', creditsPerPeriod: 100 },
      currentPeriodStart: '2026-11-01T00:00:00.000Z',
      currentPeriodEnd: '2026-12-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      canceledAt: null,
      renewsAutomatically: true,
      testMode: true,
    });
    renderRoutes(routes, { path: '/dashboard/account/billing', auth: fakeAuth({ user: makeUser() }) });
    const card = screen.getByLabelText('How you buy credits');
    expect(await within(card).findByText('Creator')).toBeInTheDocument();
    expect(within(card).getByText('100 credits every month, on top of any packages you buy.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Manage your plan' })).toHaveAttribute('href', '/dashboard/subscription');
  });

  it('says pay as you go when there is no plan, and points to the monthly plans', async () => {
    serveSubscription(null);
    renderRoutes(routes, { path: '/dashboard/account/billing', auth: fakeAuth({ user: makeUser() }) });
    const card = screen.getByLabelText('How you buy credits');
    expect(within(card).getByText('None: pay as you go')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See monthly plans' })).toHaveAttribute('href', '/dashboard/subscription');
  });
});
