import { Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';

/**
 * The frame of the dashboard and admin areas: a sidebar on desktop, a drawer on small screens,
 * a top bar, and the page (lazily loaded) in the main area.
 */
export function SidebarShell({
  sidebar,
  topBar,
  dark = false,
  navLabel,
  banner,
  menuNotice,
}: {
  sidebar: ReactNode;
  topBar: ReactNode;
  /** shown above every page of the area (e.g. the e-mail verification banner) */
  banner?: ReactNode;
  dark?: boolean;
  navLabel: string;
  /** Something waiting inside the drawer (e.g. "1 unread support answer"): a dot on the menu button on small screens. */
  menuNotice?: string;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  const panel = cn('flex h-full flex-col gap-6 overflow-y-auto p-4', dark ? 'bg-ink text-white' : 'bg-white');

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className={cn('fixed inset-y-0 left-0 hidden w-64 border-r lg:block', dark ? 'border-white/10' : 'border-slate-200')}>
        <div className={panel}>{sidebar}</div>
      </aside>
      <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/50 lg:hidden" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl lg:hidden"
          >
            <DialogPrimitive.Title className="sr-only">{navLabel}</DialogPrimitive.Title>
            <div className={panel}>{sidebar}</div>
            <DialogPrimitive.Close
              aria-label="Close menu"
              className={cn(
                'absolute top-4 right-3 rounded-lg p-1.5',
                dark ? 'text-slate-300 hover:bg-white/10' : 'text-slate-500 hover:bg-slate-100',
              )}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <div className="lg:pl-64">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-label={menuNotice ? `Open menu (${menuNotice})` : 'Open menu'}
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
            {menuNotice && <span className="absolute top-1.5 right-1.5 h-2.5 w-2.5 rounded-full bg-brand-600 ring-2 ring-white" />}
          </button>
          {topBar}
        </header>
        <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
          {banner}
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
