import { Link } from 'react-router';
import { Plus, Shield } from 'lucide-react';
import { useAuth } from '@/session/auth-context.ts';
import { Button } from '@/components/ui/button.tsx';
import { openUpgradeModal } from '@/features/payments/api/upgrade-modal-events.ts';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner.tsx';
import { useSupportUnread } from '@/features/content/api/support-conversations.ts';
import { CreditBadge } from './credit-badge.tsx';
import { Logo } from './logo.tsx';
import { dashboardNav } from './nav-items.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { SidebarShell } from './sidebar-shell.tsx';
import { UserMenu } from './user-menu.tsx';

function DashboardSidebar() {
  const { isAdmin } = useAuth();
  const unread = useSupportUnread().data?.unread ?? 0;
  return (
    <>
      <Logo to="/dashboard" className="px-3 pt-1" />
      <SidebarNav groups={dashboardNav} label="Dashboard" badges={{ '/dashboard/support': unread }} />
      <div className="mt-auto space-y-2">
        {isAdmin && (
          <Button asChild variant="outline" size="sm" className="w-full">
            <Link to="/admin">
              <Shield className="h-4 w-4" aria-hidden="true" /> Admin panel
            </Link>
          </Button>
        )}
      </div>
    </>
  );
}

export function DashboardLayout() {
  const unread = useSupportUnread().data?.unread ?? 0;
  return (
    <SidebarShell
      navLabel="Dashboard navigation"
      menuNotice={unread > 0 ? `${unread} unread support ${unread === 1 ? 'answer' : 'answers'}` : undefined}
      sidebar={<DashboardSidebar />}
      banner={<VerifyEmailBanner />}
      topBar={
        <div className="flex flex-1 items-center justify-end gap-3">
          <CreditBadge />
          <Button size="sm" onClick={openUpgradeModal} aria-label="Buy credits">
            <Plus className="h-4 w-4" aria-hidden="true" /> <span className="hidden sm:inline">Buy credits</span>
          </Button>
          <UserMenu />
        </div>
      }
    />
  );
}
