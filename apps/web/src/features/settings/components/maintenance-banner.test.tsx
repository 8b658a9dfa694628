import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoutes } from '@/test/render.tsx';
import { MaintenanceBanner } from './maintenance-banner.tsx';

const settings = {
  signupsOpen: true,
  freePlanCredits: 5,
  cryptoThreshold: 19.2,
  defaultApiKeyRateLimit: 100,
  supportUrl: '',
  communityUrl: '',
  supportEmail: '',
};

describe('the maintenance banner', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the message while it is on, and nothing when it is off or the call fails', async () => {
    let banner = { enabled: true, message: 'Back at 23:00 UTC' };
    mockFetch((url) => (url === '/api/v1/settings/public' ? ok({ ...settings, maintenanceBanner: banner }) : fail(404, 'Not found')));
    const first = renderRoutes([{ path: '/', element: <MaintenanceBanner /> }], { path: '/' });
    expect(await screen.findByRole('status')).toHaveTextContent('Back at 23:00 UTC');
    first.unmount();
    banner = { enabled: false, message: 'Back at 23:00 UTC' };
    renderRoutes([{ path: '/', element: <MaintenanceBanner /> }], { path: '/' });
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
