import { Link } from 'react-router';
import { Shield } from 'lucide-react';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { Button } from '@/components/ui/button.tsx';
import { CreditBadge } from './credit-badge.tsx';
import { Logo } from './logo.tsx';
import { dashboardNav } from './nav-items.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { SidebarShell } from './sidebar-shell.tsx';
import { UserMenu } from './user-menu.tsx';

function DashboardSidebar() {
  const { isAdmin } = useAuth();
  return (
    <>
      <Logo to="/dashboard" className="px-3 pt-1" />
      <SidebarNav groups={dashboardNav} label="Dashboard" />
      <div className="mt-auto space-y-2">
        {isAdmin && (
          <Button asChild variant="outline" size="sm" className="w-full">
            <Link to="/admin">
              <Shield className="h-4 w-4" aria-hidden="true" /> Admin panel
            </Link>
          </Button>
        )}
        <Button asChild variant="secondary" size="sm" className="w-full">
          <Link to="/company/pricing">Buy credits</Link>
        </Button>
      </div>
    </>
  );
}

export function DashboardLayout() {
  return (
    <SidebarShell
      navLabel="Dashboard navigation"
      sidebar={<DashboardSidebar />}
      topBar={
        <div className="flex flex-1 items-center justify-end gap-3">
          <CreditBadge />
          <UserMenu />
        </div>
      }
    />
  );
}
