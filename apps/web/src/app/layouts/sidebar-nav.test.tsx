import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoutes } from '@/test/render.tsx';
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
