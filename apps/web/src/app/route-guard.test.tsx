import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { toast } from 'sonner';
import { AUTH_OPEN_EVENT } from '@/session/auth-modal-events.ts';
import type { AuthModalRequest } from '@/session/auth-modal-events.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { makeUser } from '@/test/fixtures.ts';
import { ADMIN_REQUIRED_MESSAGE, LOGIN_REQUIRED_MESSAGE, RouteGuard } from './route-guard.tsx';

function Home() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from;
  return <p>home page{from ? ` from ${from.pathname}` : ''}</p>;
}

const routes: RouteObject[] = [
  { path: '/', element: <Home /> },
  {
    element: <RouteGuard requireAuth />,
    children: [
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/dashboard/account/profile', element: <p>profile page</p> },
    ],
  },
  { path: '/admin', element: <RouteGuard requireAuth requireAdmin />, children: [{ index: true, element: <p>admin page</p> }] },
  { path: '/company/pricing', element: <p>public pricing page</p> },
  {
    element: <RouteGuard requireAuth signedOutTo="/company/pricing" />,
    children: [{ path: '/pricing', element: <p>signed-in pricing page</p> }],
  },
];

describe('route guard', () => {
  afterEach(() => vi.mocked(toast.error).mockClear());

  it('shows a spinner while the auth state loads', () => {
    renderRoutes(routes, { path: '/dashboard', auth: fakeAuth({ isLoading: true }) });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('dashboard page')).not.toBeInTheDocument();
  });

  it('sends a guest to / with the origin kept and opens the sign-in modal with the message', async () => {
    const requests: AuthModalRequest[] = [];
    const listener = (event: Event) => requests.push((event as CustomEvent<AuthModalRequest>).detail);
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    const { router } = renderRoutes(routes, { path: '/dashboard/account/profile?tab=1', auth: fakeAuth() });
    expect(await screen.findByText('home page from /dashboard/account/profile')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(requests[0]).toEqual({ mode: 'login', message: LOGIN_REQUIRED_MESSAGE, redirectTo: '/dashboard/account/profile?tab=1' });
    expect(LOGIN_REQUIRED_MESSAGE).toBe('Please log in to access this page');
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
  });

  it('sends a guest on a page with a public twin (/pricing) to that page, query kept, without the sign-in modal', async () => {
    const requests: AuthModalRequest[] = [];
    const listener = (event: Event) => requests.push((event as CustomEvent<AuthModalRequest>).detail);
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    const { router } = renderRoutes(routes, { path: '/pricing?payment=cancelled', auth: fakeAuth() });
    expect(await screen.findByText('public pricing page')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/company/pricing?payment=cancelled');
    expect(requests).toEqual([]);
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
    renderRoutes(routes, { path: '/pricing', auth: fakeAuth({ user: makeUser() }) });
    expect(screen.getByText('signed-in pricing page')).toBeInTheDocument();
  });

  it('lets a signed-in user in', () => {
    renderRoutes(routes, { path: '/dashboard', auth: fakeAuth({ user: makeUser() }) });
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('sends a signed-in non-admin on an admin page to /dashboard with the message', async () => {
    const { router } = renderRoutes(routes, { path: '/admin', auth: fakeAuth({ user: makeUser({ role: 'USER' }) }) });
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You need ADMIN privileges to access this page', expect.anything()));
    expect(ADMIN_REQUIRED_MESSAGE).toBe('You need ADMIN privileges to access this page');
  });

  it('sends a guest on an admin page to / (sign in first)', async () => {
    renderRoutes(routes, { path: '/admin', auth: fakeAuth() });
    expect(await screen.findByText('home page from /admin')).toBeInTheDocument();
  });

  it('lets an admin in', () => {
    renderRoutes(routes, { path: '/admin', auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }) });
    expect(screen.getByText('admin page')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
