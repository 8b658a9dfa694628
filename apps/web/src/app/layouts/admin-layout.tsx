import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useAdminSupportUnread } from '@/features/content/api/support-conversations.ts';
import { Logo } from './logo.tsx';
import { adminNav } from './nav-items.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { SidebarShell } from './sidebar-shell.tsx';
import { UserMenu } from './user-menu.tsx';

function AdminSidebar() {
  const unread = useAdminSupportUnread().data?.unread ?? 0;
  return (
    <>
      <div className="px-3 pt-1">
        <Logo to="/admin" light />
        <p className="mt-1 text-xs font-semibold tracking-wider text-brand-300 uppercase">Admin</p>
      </div>
      <SidebarNav groups={adminNav} label="Admin" dark badges={{ '/admin/support': unread }} />
      <Link
        to="/dashboard"
        className="mt-auto inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-300 hover:bg-white/5 hover:text-white"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to dashboard
      </Link>
    </>
  );
}

export function AdminLayout() {
  return (
    <SidebarShell
      dark
      navLabel="Admin navigation"
      sidebar={<AdminSidebar />}
      topBar={
        <div className="flex flex-1 items-center justify-between gap-3">
          <span className="text-sm font-semibold text-slate-700">Administration</span>
          <UserMenu profilePath="/admin/profile" />
        </div>
      }
    />
  );
}
