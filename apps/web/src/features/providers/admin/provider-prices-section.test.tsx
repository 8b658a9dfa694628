import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProviderHealth } from '@lumen/core/admin/providers';
import type { ProviderPrices } from '@lumen/core/admin/provider-prices';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { AdminProvidersPage } from './providers-page.tsx';

const admin = fakeAuth({ user: makeUser({ role: 'ADMIN' }) });

const health = {
  since: '2026-11-24T21:00:00.000Z',
  providers: [],
  spend: { todayMicroUsd: 0, reservedMicroUsd: 0, byProvider: {}, capUsd: null, capReached: false, providerBudgetsUsd: {} },
  chains: [],
  circuits: [],
} as unknown as ProviderHealth;

const prices: ProviderPrices = {
  creditValue: { usdPerCredit: 0.14, packageName: '350 Credits' },
  services: [
    {
      service: 'ai-background',
      name: 'AI Background',
      credits: 0,
      revenueUsd: 0,
      engine: 'remote',
      providers: [{ provider: 'fal', model: 'fal-ai/birefnet/v2', expectedUsd: 0.002 }],
      expectedUsd: 0.002,
      marginUsd: -0.002,
      withinHalf: false,
      belowCost: true,
      allowedBelowCost: false,
    },
    {
      service: 'image-generator',
      name: 'Image Generation',
      credits: 1,
      revenueUsd: 0.14,
      engine: 'remote',
      providers: [{ provider: 'fal', model: 'fal-ai/flux/schnell', expectedUsd: 0.003 }],
      expectedUsd: 0.003,
      marginUsd: 0.137,
      withinHalf: true,
      belowCost: false,
      allowedBelowCost: false,
    },
  ],
  prices: [
    {
      provider: 'fal',
      model: 'fal-ai/flux/schnell',
      source: 'https://fal.ai/models/fal-ai/flux/schnell',
      checked: '2026-11-27',
      confirmed: true,
      note: 'Each image rounded up to whole megapixels.',
      inUse: true,
      rates: [{ rate: 'megapixel', unit: 'megapixel', publishedUsd: 0.003, overrideUsd: null, overriddenAt: null, overriddenBy: null }],
    },
    {
      provider: 'removebg',
      model: 'removebg',
      source: 'https://www.remove.bg/help/a/what-are-image-credits',
      checked: '2026-11-28',
      confirmed: false,
      note: 'Assumed.',
      inUse: false,
      rates: [{ rate: 'credit', unit: 'remove.bg credit', publishedUsd: 1.99, overrideUsd: null, overriddenAt: null, overriddenBy: null }],
    },
  ],
};

function serve(data: ProviderPrices) {
  const puts: { url: string; body: unknown }[] = [];
  const fetchMock = mockFetch((url, init) => {
    if (url.startsWith('/api/v1/admin/providers')) return ok(health);
    if (url === '/api/v1/admin/provider-prices') return ok(data);
    if (init.method === 'PUT' && url.startsWith('/api/v1/admin/provider-prices/')) {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push({ url, body });
      if (url.endsWith('/below-cost')) {
        return ok({
          ...data,
          services: data.services.map((row) => (row.service === body.service ? { ...row, allowedBelowCost: body.allowed } : row)),
        });
      }
      return ok({
        ...data,
        prices: data.prices.map((price) =>
          price.model === body.model
            ? {
                ...price,
                rates: [{ ...price.rates[0]!, overrideUsd: body.usdPerUnit as number | null, overriddenBy: 'admin@example.com' }],
              }
            : price,
        ),
      });
    }
    return fail(404, 'Not found', 'NOT_FOUND');
  });
  return { fetchMock, puts };
}

const renderPage = () =>
  renderRoutes([{ path: '/admin/providers', element: <AdminProvidersPage /> }], { path: '/admin/providers', auth: admin });

describe('/admin/providers: margins and prices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each service’s credit value, expected cost and margin, names what sells below cost, and lets an admin allow it', async () => {
    const { puts } = serve(prices);
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Expected provider cost and margin per service' });
    const [, background, images] = within(table).getAllByRole('row');
    expect(within(images!).getByRole('rowheader')).toHaveTextContent('Image Generation');
    expect(
      within(images!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['fal $0.0030', '1', '$0.1400', '$0.0030', '$0.1370', 'Within half', '—']);
    expect(within(background!).getByText('Below cost')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Selling below cost: AI Background.');
    expect(screen.getByText(/A credit earns \$0.1400 \(350 Credits/)).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Allow AI Background to sell below cost' }));
    await waitFor(() =>
      expect(puts).toEqual([{ url: '/api/v1/admin/provider-prices/below-cost', body: { service: 'ai-background', allowed: true } }]),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Allow AI Background to sell below cost' })).toBeChecked());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the prices in use with source and date, and saves an admin’s price for a unit', async () => {
    const { puts } = serve(prices);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('fal-ai/flux/schnell', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://fal.ai/models/fal-ai/flux/schnell' })).toBeInTheDocument();
    expect(screen.getByText(/checked 2026-11-27/)).toBeInTheDocument();
    // remove.bg is not in use here: shown only on request, marked as not confirmed.
    expect(screen.queryByText('Not confirmed: conservative figure')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all 2 prices' }));
    expect(screen.getByText('Not confirmed: conservative figure')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your price (USD per megapixel)'), '0.005');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() =>
      expect(puts).toEqual([
        {
          url: '/api/v1/admin/provider-prices/override',
          body: { provider: 'fal', model: 'fal-ai/flux/schnell', rate: 'megapixel', usdPerUnit: 0.005 },
        },
      ]),
    );
    expect(await screen.findByText(/Overridden: \$0.005 per megapixel by admin@example.com/)).toBeInTheDocument();
  });
});
