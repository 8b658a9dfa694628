import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { providerSpendMessages } from '@lumen/core/admin/providers';
import type { ProviderHealth } from '@lumen/core/admin/providers';
import type { ProviderPrices } from '@lumen/core/admin/provider-prices';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { AdminProvidersPage } from './providers-page.tsx';

const admin = fakeAuth({ user: makeUser({ role: 'ADMIN' }) });
/** Every service built in: the margins section has nothing to warn about (provider-prices-section.test.tsx tests it). */
const noPrices: ProviderPrices = { creditValue: { usdPerCredit: 0.14, packageName: '350 Credits' }, services: [], prices: [] };

const health: ProviderHealth = {
  since: '2026-11-24T21:00:00.000Z',
  providers: [
    {
      provider: 'fal',
      service: 'image-generator',
      model: 'fal-ai/flux/schnell',
      calls: 40,
      succeeded: 38,
      successRate: 0.95,
      medianMs: 1240,
      p95Ms: 3800,
      lastFailureAt: '2026-11-25T08:30:00.000Z',
    },
    {
      provider: 'remove.bg',
      service: 'ai-background',
      model: 'remove.bg',
      calls: 3,
      succeeded: 3,
      successRate: 1,
      medianMs: 640,
      p95Ms: 900,
      lastFailureAt: null,
    },
  ],
  spend: {
    todayMicroUsd: 1_234_500,
    reservedMicroUsd: 0,
    byProvider: { fal: 1_200_000, 'remove.bg': 34_500 },
    capUsd: 5,
    capReached: false,
    providerBudgetsUsd: {},
  },
  chains: [],
  circuits: [
    {
      provider: 'replicate',
      failures: 3,
      open: true,
      openUntil: '2026-11-28T10:01:00.000Z',
      lastFailureAt: '2026-11-28T10:00:00.000Z',
      lastSuccessAt: null,
    },
  ],
};

function serve(data: ProviderHealth) {
  return mockFetch((url) =>
    url.startsWith('/api/v1/admin/providers')
      ? ok(data)
      : url === '/api/v1/admin/provider-prices'
        ? ok(noPrices)
        : fail(404, 'Not found', 'NOT_FOUND'),
  );
}

const renderPage = () =>
  renderRoutes([{ path: '/admin/providers', element: <AdminProvidersPage /> }], { path: '/admin/providers', auth: admin });

describe('/admin/providers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each provider’s calls, success rate and latency, today’s spend against the budget, and refetches per period', async () => {
    const fetchMock = serve(health);
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Calls per provider, service and model' });
    const [, fal, removeBg] = within(table).getAllByRole('row');
    expect(
      within(fal!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Image Generation', 'fal-ai/flux/schnell', '40', '95%', '1.2 s', '3.8 s', expect.stringMatching(/Nov 25, 2026/)]);
    expect(within(fal!).getByRole('rowheader')).toHaveTextContent('fal');
    expect(
      within(removeBg!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['AI Background', 'remove.bg', '3', '100%', '640 ms', '900 ms', 'None']);

    expect(screen.getByTestId('provider-spend-today')).toHaveTextContent('$1.23');
    // A circuit another process opened: shared breakers are read from Redis or the database.
    const circuits = screen.getByLabelText('Circuit breakers');
    expect(within(circuits).getByText('Replicate').nextElementSibling).toHaveTextContent(/^Open until .* · 3 failures in a row/);
    expect(screen.getByTestId('provider-budget')).toHaveTextContent('of a daily budget of $5.00 · 25% used');
    const perProvider = screen.getByLabelText('Spend today per provider');
    expect(within(perProvider).getByText('fal').nextElementSibling).toHaveTextContent('$1.20');
    expect(within(perProvider).getByText('remove.bg').nextElementSibling).toHaveTextContent('$0.0345');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/admin/providers?hours=24')).toBe(true);

    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/admin/providers?hours=168')).toBe(true));
    expect(screen.getByLabelText('Period')).toHaveValue('168');
  });

  it('says there were no calls on the offline engines, and that no budget is set', async () => {
    serve({ ...health, providers: [], spend: { ...health.spend, todayMicroUsd: 0, byProvider: {}, capUsd: null } });
    renderPage();
    expect(await screen.findByText('No calls to hosted providers in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Calls per provider, service and model' })).not.toBeInTheDocument();
    expect(screen.getByTestId('provider-spend-today')).toHaveTextContent('$0.00');
    expect(screen.getByText(/No budget set/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a daily budget in the settings' })).toHaveAttribute('href', '/admin/settings');
    expect(screen.getByText('No provider costs today.')).toBeInTheDocument();
  });

  it('shows the red budget banner once today’s spend reached the budget', async () => {
    serve({ ...health, spend: { ...health.spend, todayMicroUsd: 5_010_000, capReached: true } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(providerSpendMessages.banner);
    expect(screen.getByTestId('provider-budget')).toHaveTextContent('100% used');
  });
});
