import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProviderHealth } from '@lumen/core/admin/providers';
import type { PlatformSettings } from '@lumen/core/settings/platform-settings';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { AdminSettingsPage } from './admin-settings-page.tsx';

const settings: PlatformSettings = {
  signupsOpen: true,
  maintenanceBanner: { enabled: false, message: '' },
  freePlanCredits: 5,
  cryptoThreshold: 19.2,
  defaultApiKeyRateLimit: 100,
  dailyProviderSpendCapUsd: null,
  providerDailyBudgetsUsd: {},
  providerOrder: {},
  supportUrl: '',
  communityUrl: '',
  supportEmail: '',
  seller: { name: 'Lumen Studio', address: '', email: '', taxId: '' },
};
const admin = fakeAuth({ user: makeUser({ role: 'ADMIN' }) });

/** Serves `stored` and echoes every PUT back, as the server does. */
function serveSettings(stored: PlatformSettings, chains: ProviderHealth['chains'] = []) {
  return mockFetch((url, init) => {
    if (url.startsWith('/api/v1/admin/providers')) {
      return ok({
        since: '2026-11-26T00:00:00.000Z',
        providers: [],
        spend: { todayMicroUsd: 0, byProvider: {}, capUsd: null, capReached: false },
        chains,
      });
    }
    if (url === '/api/v1/admin/settings' && init.method === 'PUT') {
      return ok({ settings: JSON.parse(String(init.body)), updatedAt: '2026-11-21T10:00:00.000Z', updatedBy: 'admin@example.com' });
    }
    if (url === '/api/v1/admin/settings') return ok({ settings: stored, updatedAt: null, updatedBy: null });
    if (url.startsWith('/api/v1/admin/mail-outbox')) return ok({ items: [], page: 1, limit: 10, total: 0, totalPages: 1 });
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

function putBodies(fetchMock: ReturnType<typeof mockFetch>): PlatformSettings[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as PlatformSettings);
}

const budgetLabel = 'Daily budget for hosted AI (USD)';

describe('/admin/settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the settings, checks the form with the shared schema, and saves every field', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/admin/settings' && init.method === 'PUT') {
        return ok(
          { settings: JSON.parse(String(init.body)), updatedAt: '2026-11-21T10:00:00.000Z', updatedBy: 'admin@example.com' },
          'Settings saved',
        );
      }
      if (url === '/api/v1/admin/settings') return ok({ settings, updatedAt: null, updatedBy: null });
      if (url.startsWith('/api/v1/admin/mail-outbox')) return ok({ items: [], page: 1, limit: 10, total: 0, totalPages: 1 });
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/settings', element: <AdminSettingsPage /> }], { path: '/admin/settings', auth: admin });
    const credits = await screen.findByLabelText('Free plan credits');
    await waitFor(() => expect(credits).toHaveValue(5));
    expect(screen.getByText('Never saved: these are the defaults.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /outbox/i })).toBeInTheDocument();

    await user.click(screen.getByLabelText(/Show the maintenance banner/));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Write the banner message before turning it on')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Support address'));
    await user.type(screen.getByLabelText('Support address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Support address must be an e-mail address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText('Banner message'), 'Maintenance tonight');
    await user.clear(screen.getByLabelText('Support address'));
    await user.type(screen.getByLabelText('Support address'), 'help@lumen.example');
    await user.click(screen.getByLabelText(/Sign-ups open/));
    await user.clear(credits);
    await user.type(credits, '12');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      ...settings,
      signupsOpen: false,
      maintenanceBanner: { enabled: true, message: 'Maintenance tonight' },
      freePlanCredits: 12,
      supportEmail: 'help@lumen.example',
    });
    expect(await screen.findByText(/Last saved .* by admin@example.com/)).toBeInTheDocument();
  });

  it('orders a tool’s hosted providers: moving one up saves the order, and the environment’s order can be restored', async () => {
    const fetchMock = serveSettings(settings, [
      {
        service: 'image-generator',
        configured: [
          { provider: 'fal', model: 'fal-ai/flux/schnell' },
          { provider: 'openai', model: 'gpt-image-1' },
        ],
        tried: ['fal', 'openai'],
      },
      { service: 'sales-pilot', configured: [{ provider: 'openai', model: 'gpt-4o-mini' }], tried: ['openai'] },
    ]);
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/settings', element: <AdminSettingsPage /> }], { path: '/admin/settings', auth: admin });
    const list = await screen.findByRole('list', { name: 'Image Generation providers, first tried first' });
    expect(list).toHaveTextContent(/1\.fal.*2\.OpenAI/);
    // One provider: nothing to order.
    expect(screen.queryByRole('list', { name: /Sales Pilot Analysis providers/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move fal (Image Generation) up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move OpenAI (Image Generation) up' }));
    expect(list).toHaveTextContent(/1\.OpenAI.*2\.fal/);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)[0]!.providerOrder).toEqual({ 'image-generator': ['openai', 'fal'] });

    await user.click(await screen.findByRole('button', { name: 'Use the environment’s order' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(2));
    expect(putBodies(fetchMock)[1]!.providerOrder).toEqual({});
  });

  it('shows no daily hosted AI budget as an empty field, and saves a typed budget as a number', async () => {
    const fetchMock = serveSettings(settings);
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/settings', element: <AdminSettingsPage /> }], { path: '/admin/settings', auth: admin });
    await waitFor(() => expect(screen.getByLabelText('Free plan credits')).toHaveValue(5));
    const budget = screen.getByLabelText(budgetLabel);
    expect(budget).toHaveValue(null);
    expect(screen.getByText(/refuse new jobs until 00:00 UTC, before charging anyone. Leave empty for no budget./)).toBeInTheDocument();

    await user.type(budget, '1.005');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The daily provider budget must have at most 2 decimals')).toBeInTheDocument();
    expect(putBodies(fetchMock)).toHaveLength(0);

    await user.clear(budget);
    await user.type(budget, '25.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)[0]).toEqual({ ...settings, dailyProviderSpendCapUsd: 25.5 });
    await waitFor(() => expect(screen.getByLabelText(budgetLabel)).toHaveValue(25.5));
  });

  it('keeps a stored budget when other settings are saved, and clearing the field saves no budget (null)', async () => {
    const fetchMock = serveSettings({ ...settings, dailyProviderSpendCapUsd: 40 });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/settings', element: <AdminSettingsPage /> }], { path: '/admin/settings', auth: admin });
    const providerReads = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/admin/providers')).length;
    const budget = await screen.findByLabelText(budgetLabel);
    await waitFor(() => expect(budget).toHaveValue(40));

    await user.clear(screen.getByLabelText('Free plan credits'));
    await user.type(screen.getByLabelText('Free plan credits'), '8');
    await waitFor(() => expect(providerReads()).toBeGreaterThan(0));
    const readsBeforeSave = providerReads();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)[0]).toEqual({ ...settings, freePlanCredits: 8, dailyProviderSpendCapUsd: 40 });
    // The providers' figures (budget, order) are read again: nothing from before the save stays on screen.
    await waitFor(() => expect(providerReads()).toBeGreaterThan(readsBeforeSave));
    expect(await screen.findByText(/Last saved .* by admin@example.com/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(budgetLabel));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(2));
    expect(putBodies(fetchMock)[1]).toEqual({ ...settings, freePlanCredits: 8, dailyProviderSpendCapUsd: null });
    await waitFor(() => expect(screen.getByLabelText(budgetLabel)).toHaveValue(null));
  });

  it('saves each provider’s own daily budget, and an emptied field leaves that provider without one', async () => {
    const fetchMock = serveSettings({ ...settings, providerDailyBudgetsUsd: { replicate: 3 } });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/settings', element: <AdminSettingsPage /> }], { path: '/admin/settings', auth: admin });
    const replicate = await screen.findByLabelText('Replicate budget (USD a day)');
    await waitFor(() => expect(replicate).toHaveValue(3));
    const fal = screen.getByLabelText('fal budget (USD a day)');
    expect(fal).toHaveValue(null);
    await user.type(fal, '12.5');
    await user.clear(replicate);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)[0]!.providerDailyBudgetsUsd).toEqual({ fal: 12.5 });

    await user.type(screen.getByLabelText('fal budget (USD a day)'), '01');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('A provider budget must have at most 2 decimals')).toBeInTheDocument();
    expect(putBodies(fetchMock)).toHaveLength(1);
  });
});
