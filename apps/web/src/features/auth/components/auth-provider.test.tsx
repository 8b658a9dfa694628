import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import type { RouteObject } from 'react-router';
import { storageKeys } from '@/lib/storage-keys.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { useAuth } from '@/session/auth-context.ts';
import type { AuthContextValue } from '@/session/auth-context.ts';
import { AuthProvider } from './auth-provider.tsx';

let auth: AuthContextValue;
function Probe() {
  auth = useAuth();
  return <p>{auth.isLoading ? 'loading' : auth.user ? `signed in as ${auth.user.email}` : 'signed out'}</p>;
}

const routes: RouteObject[] = [
  {
    element: (
      <AuthProvider>
        <Probe />
      </AuthProvider>
    ),
    children: [],
    path: '*',
  },
];

const user = makeUser();

describe('auth state machine', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts loading and, without a stored token, ends signed out without calling the server', async () => {
    const fetchMock = mockFetch(() => ok(null));
    renderRoutes(routes);
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a stored token, fetches the current user and signs in', async () => {
    localStorage.setItem(storageKeys.token, 'tok');
    const fetchMock = mockFetch((url) => (url === '/api/v1/user/me' ? ok(user) : fail(404, 'nope')));
    renderRoutes(routes);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText(`signed in as ${user.email}`)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/user/me');
    expect(JSON.parse(localStorage.getItem(storageKeys.user)!)).toEqual(user);
  });

  it('when the server refuses the stored session, clears the token and user, calls logout to clear the cookie and stays signed out', async () => {
    localStorage.setItem(storageKeys.token, 'bad');
    localStorage.setItem(storageKeys.user, JSON.stringify(user));
    const fetchMock = mockFetch((url) => {
      if (url === '/api/v1/user/me') return fail(403, 'Your account has been suspended. Contact support.', 'FORBIDDEN');
      return ok(null);
    });
    renderRoutes(routes);
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter((call) => call[0] === '/api/v1/user/me')).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    await waitFor(() => expect(fetchMock.mock.calls.some((call) => call[0] === '/api/v1/auth/logout')).toBe(true));
  });

  it('rides out a passing outage at start-up (too many requests, then a server error) and stays signed in', async () => {
    localStorage.setItem(storageKeys.token, 'tok');
    const answers = [
      fail(429, 'Too many requests. Please try again in 2 seconds.', 'RATE_LIMITED'),
      fail(503, 'Service unavailable', 'UNAVAILABLE'),
      ok(user),
    ];
    const fetchMock = mockFetch((url) => (url === '/api/v1/user/me' ? answers.shift()! : ok(null)));
    renderRoutes(routes);
    expect(await screen.findByText(`signed in as ${user.email}`, undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBe('tok');
    expect(fetchMock.mock.calls.some((call) => call[0] === '/api/v1/auth/logout')).toBe(false);
  });

  it('gives the stored session up when the server keeps failing after the retries', async () => {
    localStorage.setItem(storageKeys.token, 'tok');
    const fetchMock = mockFetch((url) => (url === '/api/v1/user/me' ? fail(500, 'boom', 'INTERNAL') : ok(null)));
    renderRoutes(routes);
    expect(await screen.findByText('signed out', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter((call) => call[0] === '/api/v1/user/me')).toHaveLength(4);
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('login stores the token and user and toasts', async () => {
    mockFetch((url) => (url === '/api/v1/auth/login' ? ok({ user, accessToken: 'acc', refreshToken: 'ref' }) : ok(null)));
    renderRoutes(routes);
    await screen.findByText('signed out');
    let result = false;
    await act(async () => {
      result = await auth.login({ email: user.email, password: 'secret123' });
    });
    expect(result).toBe(true);
    expect(localStorage.getItem(storageKeys.token)).toBe('acc');
    expect(JSON.parse(localStorage.getItem(storageKeys.user)!)).toEqual(user);
    expect(screen.getByText(`signed in as ${user.email}`)).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Logged in successfully');
  });

  it('a failed login toasts with the server message and stays signed out', async () => {
    mockFetch(() => fail(401, 'Invalid email or password', 'UNAUTHORIZED'));
    renderRoutes(routes);
    await screen.findByText('signed out');
    let result = true;
    await act(async () => {
      result = await auth.login({ email: user.email, password: 'nope' });
    });
    expect(result).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Login failed. Please check your credentials.', { description: 'Invalid email or password' });
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('register stores the token and user and toasts; a failure toasts the server message', async () => {
    let duplicate = false;
    mockFetch(() =>
      duplicate
        ? fail(409, 'An account with this email already exists', 'CONFLICT')
        : { status: 201, body: { success: true, data: { user, accessToken: 'acc', refreshToken: 'ref' } } },
    );
    renderRoutes(routes);
    await screen.findByText('signed out');
    const body = { firstName: 'Ada', lastName: 'Lovelace', email: user.email, password: 'secret123' };
    await act(async () => {
      expect(await auth.register(body)).toBe(true);
    });
    expect(localStorage.getItem(storageKeys.token)).toBe('acc');
    expect(toast.success).toHaveBeenCalledWith('Registered successfully');
    duplicate = true;
    await act(async () => {
      expect(await auth.register(body)).toBe(false);
    });
    expect(toast.error).toHaveBeenCalledWith('Registration failed. Please try again.', {
      description: 'An account with this email already exists',
    });
  });

  it('logout calls the server, clears everything, toasts and goes to /', async () => {
    localStorage.setItem(storageKeys.token, 'tok');
    const fetchMock = mockFetch((url) => (url === '/api/v1/user/me' ? ok(user) : ok(null, 'Logged out')));
    const { router } = renderRoutes(routes, { path: '/dashboard' });
    await screen.findByText(`signed in as ${user.email}`);
    let result = false;
    await act(async () => {
      result = await auth.logout();
    });
    expect(result).toBe(true);
    expect(fetchMock.mock.calls.some((call) => call[0] === '/api/v1/auth/logout')).toBe(true);
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(toast.success).toHaveBeenCalledWith('Logged out successfully');
  });

  it('logout still clears local state when the call fails, and resolves false', async () => {
    localStorage.setItem(storageKeys.token, 'tok');
    mockFetch((url) => (url === '/api/v1/user/me' ? ok(user) : fail(500, 'down', 'INTERNAL')));
    const { router } = renderRoutes(routes, { path: '/dashboard' });
    await screen.findByText(`signed in as ${user.email}`);
    let result = true;
    await act(async () => {
      result = await auth.logout();
    });
    expect(result).toBe(false);
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a 401 the client cannot recover from signs the UI out', async () => {
    localStorage.setItem(storageKeys.token, 'tok');
    let expired = false;
    mockFetch((url) => {
      if (url === '/api/v1/user/me') return expired ? fail(401, 'expired', 'UNAUTHORIZED') : ok(user);
      return fail(401, 'no session', 'UNAUTHORIZED');
    });
    renderRoutes(routes);
    await screen.findByText(`signed in as ${user.email}`);
    expired = true;
    await act(async () => {
      expect(await auth.refreshUser()).toBeNull();
    });
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Failed to refresh user data');
  });
});
