import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { User } from '@lumen/core/users/schemas';
import { toast } from 'sonner';
import { storageKeys } from '@/lib/storage-keys.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { oauthErrorMessages, UNKNOWN_OAUTH_ERROR } from '../api/oauth-errors.ts';
import { AuthCallbackPage } from './auth-callback-page.tsx';

const routes: RouteObject[] = [
  { path: '/', element: <p>home page</p> },
  { path: '/dashboard', element: <p>dashboard page</p> },
  { path: '/dashboard/tools/virtual-try-on', element: <p>try-on page</p> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
];

describe('OAuth callback page', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('shows the waiting text while completing the sign-in', () => {
    const auth = fakeAuth({ signInWithToken: vi.fn(() => new Promise<User>(() => undefined)) });
    renderRoutes(routes, { path: '/auth/callback?access_token=a&refresh_token=r&provider=google', auth });
    expect(screen.getByText('Completing Sign In - Please wait while we complete your authentication...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Completing Sign In' })).toBeInTheDocument();
  });

  it.each(Object.entries(oauthErrorMessages))('maps error=%s to its message and redirects to / after 3 s', async (code, message) => {
    vi.useFakeTimers();
    const { router } = renderRoutes(routes, { path: `/auth/callback?error=${code}`, auth: fakeAuth() });
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByText('Redirecting to login page...')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Authentication failed. Please try again.', expect.anything());
    await act(async () => vi.advanceTimersByTime(2999));
    expect(router.state.location.pathname).toBe('/auth/callback');
    await act(async () => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/');
  });

  it('uses the generic message for unknown codes and for message=', () => {
    renderRoutes(routes, { path: '/auth/callback?message=weird_thing', auth: fakeAuth() });
    expect(screen.getByText(UNKNOWN_OAUTH_ERROR)).toBeInTheDocument();
    expect(UNKNOWN_OAUTH_ERROR).toBe('An unexpected error occurred during authentication.');
  });

  it('reports missing tokens', () => {
    renderRoutes(routes, { path: '/auth/callback?access_token=a&provider=google', auth: fakeAuth() });
    expect(screen.getByText('Invalid authentication tokens received.')).toBeInTheDocument();
    expect(screen.getByText('Redirecting to login page...')).toBeInTheDocument();
  });

  it('with both tokens, signs in, toasts and goes to /dashboard', async () => {
    const signInWithToken = vi.fn(async () => makeUser());
    const { router } = renderRoutes(routes, {
      path: '/auth/callback?access_token=acc&refresh_token=ref&provider=google',
      auth: fakeAuth({ signInWithToken }),
    });
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(signInWithToken).toHaveBeenCalledWith('acc');
    expect(toast.success).toHaveBeenCalledWith('Successfully signed in with google!');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('goes to the stored oauth_redirect_path when there is one', async () => {
    localStorage.setItem(storageKeys.oauthRedirectPath, '/dashboard/tools/virtual-try-on');
    renderRoutes(routes, { path: '/auth/callback?access_token=acc&refresh_token=ref&provider=google', auth: fakeAuth() });
    expect(await screen.findByText('try-on page')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.oauthRedirectPath)).toBeNull();
  });

  it('when the user cannot be loaded, toasts and goes to /', async () => {
    const signInWithToken = vi.fn(async () => {
      throw new Error('no');
    });
    renderRoutes(routes, {
      path: '/auth/callback?access_token=acc&refresh_token=ref&provider=google',
      auth: fakeAuth({ signInWithToken }),
    });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Authentication successful, but failed to load user data.');
  });

  it.each(['?refresh_token=r&provider=google', '?access_token=a', ''])(
    'reports missing tokens (%s) and redirects to / after 3 s',
    async (query) => {
      vi.useFakeTimers();
      const signInWithToken = vi.fn();
      const { router } = renderRoutes(routes, { path: `/auth/callback${query}`, auth: fakeAuth({ signInWithToken }) });
      expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
      expect(screen.getByText('Invalid authentication tokens received.')).toBeInTheDocument();
      expect(signInWithToken).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(3000));
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('maps the code, not the message text, when the server sends both', () => {
    renderRoutes(routes, { path: '/auth/callback?error=access_denied&message=The+user+cancelled', auth: fakeAuth() });
    expect(screen.getByText('Access was denied. Please try again.')).toBeInTheDocument();
  });

  it('forgets oauth_redirect_path after an error', () => {
    localStorage.setItem(storageKeys.oauthRedirectPath, '/dashboard/tools/virtual-try-on');
    renderRoutes(routes, { path: '/auth/callback?error=server_error', auth: fakeAuth() });
    expect(screen.getByText('Server error during authentication.')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.oauthRedirectPath)).toBeNull();
  });

  it('ignores a stored oauth_redirect_path that leaves the app', async () => {
    localStorage.setItem(storageKeys.oauthRedirectPath, '//evil.example.com/phish');
    const { router } = renderRoutes(routes, {
      path: '/auth/callback?access_token=acc&refresh_token=ref&provider=google',
      auth: fakeAuth(),
    });
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
