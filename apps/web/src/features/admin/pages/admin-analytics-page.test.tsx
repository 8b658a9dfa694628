import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Analytics } from '@lumen/core/admin/analytics';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { AdminAnalyticsPage } from './admin-analytics-page.tsx';

const analytics: Analytics = {
  from: '2026-11-01',
  to: '2026-11-02',
  totals: {
    signups: 7,
    activeUsers: 5,
    grossRevenueCents: 3800,
    refundedCents: 400,
    netRevenueCents: 3400,
    testMoney: { paidCents: 4900, refundedCents: 0, netCents: 4900, count: 1 },
    creditsSold: 110,
    creditsSpent: 12,
    jobs: 9,
    successRate: 0.875,
    providerCostMicroUsd: 81_000,
    revenuePerCreditCents: 9.5,
  },
  days: [
    { date: '2026-11-01', signups: 3, activeUsers: 2, revenueCents: { stripe: 900 }, creditsSold: 100, creditsSpent: 4, jobs: 4 },
    { date: '2026-11-02', signups: 4, activeUsers: 3, revenueCents: { nowpayments: 2500 }, creditsSold: 10, creditsSpent: 8, jobs: 5 },
  ],
  providers: [
    { provider: 'nowpayments', orders: 1, grossCents: 2900, refundedCents: 400, netCents: 2500 },
    { provider: 'stripe', orders: 1, grossCents: 900, refundedCents: 0, netCents: 900 },
  ],
  services: [
    {
      service: 'sales-pilot',
      jobs: 6,
      succeeded: 5,
      failed: 1,
      successRate: 5 / 6,
      averageDurationMs: 1500,
      creditsSpent: 6,
      providerCostMicroUsd: 0,
      marginCents: 57,
    },
    {
      service: 'image-generator',
      jobs: 3,
      succeeded: 2,
      failed: 0,
      successRate: 1,
      averageDurationMs: 2400,
      creditsSpent: 6,
      providerCostMicroUsd: 81_000,
      marginCents: 48.9,
    },
  ],
  serviceDays: [
    {
      date: '2026-11-01',
      service: 'sales-pilot',
      jobs: 4,
      creditsSpent: 4,
      providerCostMicroUsd: 0,
      revenueCents: 38,
      marginCents: 38,
    },
    {
      date: '2026-11-02',
      service: 'image-generator',
      jobs: 3,
      creditsSpent: 6,
      providerCostMicroUsd: 651_000,
      revenueCents: 57,
      marginCents: -8.1,
    },
  ],
  topUsers: [{ userId: 'u1', email: 'grace@example.com', name: 'Grace Hopper', creditsSpent: 12, jobs: 9, revenueCents: 900 }],
};
const admin = fakeAuth({ user: makeUser({ role: 'ADMIN' }) });

describe('/admin/analytics', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows totals and tables for the range, refetches for new dates, and downloads a CSV report', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.startsWith('/api/v1/admin/analytics/export')) return { status: 200, body: 'date,signups\r\n' };
      if (url.startsWith('/api/v1/admin/analytics')) return ok(analytics);
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/analytics', element: <AdminAnalyticsPage /> }], { path: '/admin/analytics', auth: admin });

    expect(await screen.findByText('$34.00')).toBeInTheDocument();
    expect(screen.getByText('87.5%', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Revenue by provider' })).toHaveTextContent('$25.00');
    expect(screen.getByRole('table', { name: 'Jobs per service' })).toHaveTextContent('Sales Pilot');
    expect(screen.getByText('Live money only.')).toBeInTheDocument();
    // Test-mode money is shown apart from revenue, never added to it.
    expect(screen.getByText('Test mode (not revenue)').closest('div')).toHaveTextContent('$49.00');
    expect(screen.getByText('1 test-mode payment: no money moved.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Top users' })).toHaveTextContent('grace@example.com');
    expect(screen.getByRole('img', { name: /Sign-ups and active users: 7 sign-ups, 5 active users/ })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/v1/admin/analytics?') && String(url).includes('from=2026-10-01')),
      ).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: /Services CSV/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(clicked[0]).toMatch(/^lumen-services-2026-10-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/v1/admin/analytics/export?report=services&from=2026-10-01')),
    ).toBe(true);
  });

  it('shows provider cost, revenue per credit, and cost and margin per service and per service per day', async () => {
    mockFetch((url) => (url.startsWith('/api/v1/admin/analytics') ? ok(analytics) : fail(404, 'Not found', 'NOT_FOUND')));
    renderRoutes([{ path: '/admin/analytics', element: <AdminAnalyticsPage /> }], { path: '/admin/analytics', auth: admin });
    const tile = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).nextElementSibling;
    expect(await tile('Provider cost')).toHaveTextContent('$0.0810');
    expect(await tile('Revenue per credit')).toHaveTextContent('$0.0950');

    const cells = (table: HTMLElement, rowIndex: number) =>
      within(within(table).getAllByRole('row')[rowIndex]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const services = screen.getByRole('table', { name: 'Jobs per service' });
    expect(
      within(services)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Service', 'Jobs', 'Success', 'Avg. time', 'Credits', 'Provider cost', 'Margin']);
    expect(cells(services, 2)).toEqual(['Image Generation', '3', '100%', '2.4 s', '6', '$0.0810', '$0.49']);

    const days = screen.getByRole('table', { name: 'Cost and margin per service per day' });
    expect(
      within(days)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Service', 'Jobs', 'Credits', 'Revenue', 'Provider cost', 'Margin']);
    expect(cells(days, 1)).toEqual(['2026-11-01', 'Sales Pilot Analysis', '4', '4', '$0.38', '$0.00', '$0.38']);
    expect(cells(days, 2)).toEqual(['2026-11-02', 'Image Generation', '3', '6', '$0.57', '$0.6510', '-$0.08']);
    expect(within(days).getByText('-$0.08')).toHaveClass('text-red-600');
    for (const cell of within(days).getAllByText('$0.38')) expect(cell).not.toHaveClass('text-red-600');
    expect(screen.queryByText('Margin appears after the first real (non-test) sale.')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Provider cost and margin per day ($): $0.0810 provider cost' })).toBeInTheDocument();
  });

  it('shows "—" for revenue and margin before the first real sale, and says when they appear', async () => {
    const unsold: Analytics = {
      ...analytics,
      totals: { ...analytics.totals, revenuePerCreditCents: null },
      services: analytics.services.map((row) => ({ ...row, marginCents: null })),
      serviceDays: analytics.serviceDays.map((row) => ({ ...row, revenueCents: null, marginCents: null })),
    };
    mockFetch((url) => (url.startsWith('/api/v1/admin/analytics') ? ok(unsold) : fail(404, 'Not found', 'NOT_FOUND')));
    renderRoutes([{ path: '/admin/analytics', element: <AdminAnalyticsPage /> }], { path: '/admin/analytics', auth: admin });
    const days = await screen.findByRole('table', { name: 'Cost and margin per service per day' });
    const row = within(days).getAllByRole('row')[2]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026-11-02', 'Image Generation', '3', '6', '—', '$0.6510', '—']);
    expect(within(screen.getByRole('table', { name: 'Jobs per service' })).getAllByText('—')).toHaveLength(2);
    expect(screen.getAllByText('Margin appears after the first real (non-test) sale.')).toHaveLength(2);
    expect(screen.getByText('Revenue per credit', { selector: 'dt' }).nextElementSibling).toHaveTextContent('—');
    expect(screen.getByRole('img', { name: /no margin before the first real sale/ })).toBeInTheDocument();
  });
});
