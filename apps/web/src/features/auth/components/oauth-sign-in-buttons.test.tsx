import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '@/lib/storage-keys.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { openAuthModal } from '@/session/auth-modal-events.ts';
import { browserLocation } from '../api/oauth.ts';
import { AuthModals } from './auth-modals.tsx';

const routes = [{ path: '*', element: <AuthModals /> }];

function serveConfig(oauthProviders: string[] | undefined) {
  return mockFetch((url) => (url === '/api/v1/public-config' ? ok({ analytics: null, oauthProviders }) : ok(null)));
}

describe("'Continue with Google' in the sign-in and sign-up modals", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is shown in both modals when the server offers google, and stores oauth_redirect_path before leaving', async () => {
    serveConfig(['google']);
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    renderRoutes(routes, { auth: fakeAuth() });
    act(() => openAuthModal({ mode: 'signup', redirectTo: '/dashboard/tools/virtual-try-on' }));
    const signup = await screen.findByRole('dialog', { name: 'Create your Lumen Studio account' });
    expect(await within(signup).findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    await userEvent.click(within(signup).getByRole('button', { name: 'Sign In' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sign in to Lumen Studio' });
    await userEvent.click(await within(signIn).findByRole('button', { name: 'Continue with Google' }));
    expect(localStorage.getItem(storageKeys.oauthRedirectPath)).toBe('/dashboard/tools/virtual-try-on');
    expect(assign).toHaveBeenCalledWith('/api/v1/auth/google');
  });

  it('comes back to the page the guest was sent away from, else to /dashboard', async () => {
    serveConfig(['google']);
    vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const { router } = renderRoutes(routes, { auth: fakeAuth() });
    act(() => openAuthModal({ mode: 'login' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sign in to Lumen Studio' });
    await userEvent.click(await within(signIn).findByRole('button', { name: 'Continue with Google' }));
    expect(localStorage.getItem(storageKeys.oauthRedirectPath)).toBe('/dashboard');

    await act(() => router.navigate('/', { state: { from: { pathname: '/dashboard/account/billing', search: '?tab=1', hash: '' } } }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue with Google' }));
    expect(localStorage.getItem(storageKeys.oauthRedirectPath)).toBe('/dashboard/account/billing?tab=1');
  });

  it.each([[[]], [undefined]])('is hidden when the server offers no provider (%j)', async (providers) => {
    const fetchMock = serveConfig(providers);
    renderRoutes(routes, { auth: fakeAuth() });
    act(() => openAuthModal({ mode: 'login' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sign in to Lumen Studio' });
    await within(signIn).findByLabelText('Email');
    await vi.waitFor(() => expect(fetchMock.mock.calls.some((call) => call[0] === '/api/v1/public-config')).toBe(true));
    await act(async () => undefined);
    expect(within(signIn).queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });
});
