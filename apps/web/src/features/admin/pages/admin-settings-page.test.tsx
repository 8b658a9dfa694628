import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlatformSettings } from '@lumen/core/settings/platform-settings';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { AdminSettingsPage } from './admin-settings-page.tsx';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), info: vi.fn() }) }));

const settings: PlatformSettings = {
  signupsOpen: true,
  maintenanceBanner: { enabled: false, message: '' },
  freePlanCredits: 5,
  cryptoThreshold: 19.2,
  defaultApiKeyRateLimit: 100,
  supportUrl: '',
  communityUrl: '',
  supportEmail: '',
  seller: { name: 'Lumen Studio', address: '', email: '', taxId: '' },
};
const admin = fakeAuth({ user: makeUser({ role: 'ADMIN' }) });

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
});
