import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';
import { dashboardNav } from './nav-items.ts';
import { SidebarNav } from './sidebar-nav.tsx';

describe('SidebarNav badges', () => {
  it('shows an unread count on the Support entry only when there is one', () => {
    renderRoutes([{ path: '/', element: <SidebarNav groups={dashboardNav} label="Dashboard" badges={{ '/dashboard/support': 3 }} /> }]);
    expect(screen.getByRole('link', { name: 'Support 3 unread' })).toHaveAttribute('href', '/dashboard/support');
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  });

  it('shows no badge for 0', () => {
    renderRoutes([{ path: '/', element: <SidebarNav groups={dashboardNav} label="Dashboard" badges={{ '/dashboard/support': 0 }} /> }]);
    expect(screen.getByRole('link', { name: 'Support' })).toBeInTheDocument();
  });
});

describe('the dashboard layout and unread support answers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts the count on the Support entry and says it on the small-screen menu button', async () => {
    mockFetch((url) => (url === '/api/v1/support/unread' ? ok({ unread: 2 }) : fail(404, 'Not found', 'NOT_FOUND')));
    renderRoutes([{ path: '/', element: <DashboardLayout />, children: [{ index: true, element: <h1>Home</h1> }] }], {
      auth: fakeAuth({ user: makeUser() }),
    });
    expect(await screen.findByRole('link', { name: 'Support 2 unread' })).toHaveAttribute('href', '/dashboard/support');
    expect(screen.getByRole('button', { name: 'Open menu (2 unread support answers)' })).toBeInTheDocument();
  });
});
