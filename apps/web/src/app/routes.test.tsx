import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '@/lib/storage-keys.ts';
import { openAuthModal } from '@/session/auth-modal-events.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { routes } from './routes.tsx';

/** Every route (with sample ids and slugs). */
const publicPaths = [
  '/',
  '/company/about-us',
  '/terms-of-service',
  '/privacy-policy',
  '/resources/videos',
  '/contact',
  '/company/pricing',
  '/resources/open-api',
  '/prompt-search',
  '/resources/community',
  '/company/blogs',
  '/company/blogs/hello-world',
  '/coming-soon',
  '/products/ai-background',
  '/products/image-generator',
  '/products/virtual-try-on',
  '/products/speed-painting',
  '/products/sales-pilot',
  '/products/sound-generator',
];
const dashboardPaths = [
  '/dashboard',
  '/dashboard/community',
  '/dashboard/subscription',
  '/dashboard/result-library',
  '/dashboard/coming-soon',
  '/dashboard/account/billing',
  '/dashboard/account/api-management',
  '/dashboard/account/profile',
  '/dashboard/tools/ai-background',
  '/dashboard/tools/image-generator',
  '/dashboard/tools/virtual-try-on',
  '/dashboard/tools/speedpainting',
  '/dashboard/tools/sales-pilot',
  '/dashboard/tools/sound-generator',
  '/dashboard/billing?payment=success',
  '/pricing?payment=cancelled',
];
const adminPaths = [
  '/admin',
  '/admin/users',
  '/admin/users/42',
  '/admin/jobs',
  '/admin/jobs/7',
  '/admin/blog',
  '/admin/blog/hello-world',
  '/admin/blog/new',
  '/admin/newsletter',
  '/admin/analytics',
  '/admin/providers',
  '/admin/subscription-plans',
  '/admin/credit-packages',
  '/admin/service-costs',
  '/admin/payments',
  '/admin/cancellations',
  '/admin/settings',
  '/admin/profile',
  '/admin/virtual-try-on/models',
  '/admin/virtual-try-on/clothing',
  '/admin/virtual-try-on/statistics',
  '/admin/community-moderation',
  '/admin/security',
  '/admin/introduction-dialogs',
];

function serveApi(user = makeUser({ role: 'ADMIN' }), analytics: unknown = null) {
  return mockFetch((url, init) => {
    if (url === '/api/v1/user/me') return ok(user);
    if (url === '/api/v1/public-config') return ok({ analytics });
    if (url === '/api/v1/auth/login' && init.method === 'POST') return ok({ user, accessToken: 'acc', refreshToken: 'ref' });
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

describe('routes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById('lumen-web-analytics')?.remove();
  });

  it('shows the OAuth consent page, outside the dashboard, to a signed-in user', async () => {
    localStorage.setItem(storageKeys.token, 'tok');
    serveApi();
    renderRoutes(routes, { path: '/oauth/consent' });
    const main = await screen.findByRole('main', {}, { timeout: 10_000 });
    expect(await within(main).findByRole('heading', { level: 1, name: 'Connect an app' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows the not-found page, with a link home, for any other path', async () => {
    serveApi();
    renderRoutes(routes, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it.each([...publicPaths, ...dashboardPaths, ...adminPaths])('renders %s (signed in as admin)', async (path) => {
    localStorage.setItem(storageKeys.token, 'tok');
    serveApi();
    renderRoutes(routes, { path });
    // A lazy page's first load transforms its whole module graph (recharts for analytics): seconds on a loaded machine.
    const main = await screen.findByRole('main', {}, { timeout: 10_000 });
    const heading = await within(main).findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(heading).not.toHaveTextContent('Page not found');
  });

  it('shows the home page with the six services and the sign-up call to action', async () => {
    serveApi();
    renderRoutes(routes, { path: '/' });
    expect(await screen.findAllByRole('button', { name: /Sign Up for Free/ })).not.toHaveLength(0);
    for (const name of [
      'AI Background',
      'Image Generation',
      'Virtual Try-On',
      'Speed Painting Video',
      'Sales Pilot Analysis',
      'Sound Generation',
    ]) {
      expect(screen.getAllByRole('heading', { name }).length).toBeGreaterThan(0);
    }
  });

  it('sends a guest from a protected page to / and, after signing in, back to that page', async () => {
    serveApi(makeUser());
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/account/profile' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please log in to access this page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await user.type(await within(dialog).findByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/account/profile'));
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBe('acc');
  });

  it('an admin who signs in from the home page lands on /admin; a user on /dashboard', async () => {
    for (const [role, landing] of [
      ['ADMIN', '/admin'],
      ['USER', '/dashboard'],
    ] as const) {
      serveApi(makeUser({ role }));
      const user = userEvent.setup();
      const { router, unmount } = renderRoutes(routes, { path: '/' });
      await user.click((await screen.findAllByRole('button', { name: /Sign In/ }))[0]!);
      const dialog = await screen.findByRole('dialog');
      await user.type(await within(dialog).findByLabelText('Email'), 'ada@example.com');
      await user.type(within(dialog).getByLabelText('Password'), 'secret123');
      await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(landing));
      unmount();
      localStorage.clear();
      vi.unstubAllGlobals();
    }
  });

  it('sends a guest opening /pricing to the public pricing page, not to a sign-in modal', async () => {
    serveApi(makeUser());
    const { router } = renderRoutes(routes, { path: '/pricing?payment=cancelled' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/pricing'));
    expect(router.state.location.search).toBe('?payment=cancelled');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the sign-up modal from the home page and shows field messages', async () => {
    serveApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/' });
    await user.click((await screen.findAllByRole('button', { name: /Sign Up for Free/ }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Create Account' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
  });

  it('shows Dashboard instead of the sign-in buttons once signed in, and auth:open just navigates', async () => {
    localStorage.setItem(storageKeys.token, 'tok');
    serveApi(makeUser());
    const { router } = renderRoutes(routes, { path: '/' });
    expect((await screen.findAllByRole('link', { name: 'Dashboard' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    act(() => openAuthModal({ mode: 'login', redirectTo: '/dashboard/tools/sales-pilot' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/tools/sales-pilot'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loads the configured analytics script (defer, data-domain)', async () => {
    serveApi(makeUser(), { scriptUrl: 'https://analytics.example.com/script.js', domain: 'lumen.example.com' });
    renderRoutes(routes, { path: '/' });
    await waitFor(() => expect(document.getElementById('lumen-web-analytics')).not.toBeNull());
    const script = document.getElementById('lumen-web-analytics') as HTMLScriptElement;
    expect(script.src).toBe('https://analytics.example.com/script.js');
    expect(script.defer).toBe(true);
    expect(script.getAttribute('data-domain')).toBe('lumen.example.com');
  });

  it('loads no analytics script when analytics is not configured', async () => {
    const fetchMock = serveApi();
    renderRoutes(routes, { path: '/' });
    await waitFor(() => expect(fetchMock.mock.calls.some((call) => call[0] === '/api/v1/public-config')).toBe(true));
    expect(document.getElementById('lumen-web-analytics')).toBeNull();
  });
});
