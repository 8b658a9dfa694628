import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seededPackages } from '@/test/credits-fixtures.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { costEffects } from './cost-effects.ts';
import { ServiceCostsPage } from './service-costs-page.tsx';

const costs = [
  { serviceKey: 'ai-background', name: 'AI Background', cost: 0, updatedAt: '2025-01-01T00:00:00.000Z' },
  { serviceKey: 'virtual-try-on', name: 'Virtual Try-On', cost: 2, updatedAt: '2025-01-01T00:00:00.000Z' },
];

describe('service costs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('computes the effect on uses for the free plan and each package', () => {
    expect(
      costEffects(2, 3, [
        { name: 'Starter', credits: 5 },
        { name: 'Pro', credits: 50 },
      ]),
    ).toEqual(['Starter: 2 → 1 uses', 'Pro: 25 → 16 uses']);
    expect(costEffects(0, 1, [{ name: 'Starter', credits: 5 }])).toEqual(['Starter: Unlimited → 5 uses']);
    expect(costEffects(1, 0, [{ name: 'Starter', credits: 5 }])).toEqual(['Starter: 5 → Unlimited']);
  });

  it('shows the effect before saving, then saves with PUT and invalidates', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/admin/service-costs') return ok(costs);
      if (url === '/api/v1/credits/packages') return ok(seededPackages());
      if (url === '/api/v1/admin/service-costs/virtual-try-on' && init.method === 'PUT')
        return ok({ ...costs[1], cost: 3, updatedAt: '2025-02-01T00:00:00.000Z' });
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    renderRoutes([{ path: '/', element: <ServiceCostsPage /> }], { auth: fakeAuth() });
    const input = await screen.findByLabelText('Cost of Virtual Try-On');
    expect(screen.queryByText(/Effect on uses/)).not.toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '3');
    const preview = await screen.findByText(/Effect on uses if you save 3 credits per use/);
    const lines = within(preview.parentElement!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Starter: 2 → 1 uses',
      '20 Credits: 10 → 6 uses',
      'Pro: 25 → 16 uses',
      'Plus: 60 → 40 uses',
      '350 Credits: 175 → 116 uses',
    ]);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    const row = input.closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === '/api/v1/admin/service-costs/virtual-try-on' && init?.method === 'PUT'),
      ).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({ cost: 3 });
  });

  it('refuses a negative or fractional cost', async () => {
    mockFetch((url) => (url === '/api/v1/admin/service-costs' ? ok(costs) : ok([])));
    renderRoutes([{ path: '/', element: <ServiceCostsPage /> }], { auth: fakeAuth() });
    const input = await screen.findByLabelText('Cost of Virtual Try-On');
    await userEvent.clear(input);
    await userEvent.type(input, '1.5');
    expect(await screen.findByText('Cost must be a whole number')).toBeInTheDocument();
    expect(within(input.closest('li')!).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
