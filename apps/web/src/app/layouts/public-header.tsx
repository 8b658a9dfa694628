import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ChevronDown, Menu, X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { useAuth } from '@/session/auth-context.ts';
import { openLoginModal, openSignupModal } from '@/session/auth-modal-events.ts';
import { Logo } from './logo.tsx';
import { productLinks, resourceLinks } from './nav-items.ts';
import type { NavItem } from './nav-items.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-lg px-3 py-2 text-sm font-medium transition-colors', isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700');

/**
 * A disclosure of links (the navigation pattern, not an ARIA menu): the button shows and hides the list; Escape, a click
 * outside, leaving it with Tab or following a link closes it. Plain React, so the public pages ship no menu library.
 */
function NavDisclosure({ label, items }: { label: string; items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={cn(
          'inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium hover:text-brand-700',
          open ? 'text-brand-700' : 'text-slate-700',
        )}
      >
        {label} <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-1.5 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={() => setOpen(false)}
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none hover:bg-brand-50 hover:text-brand-800 focus-visible:bg-brand-50 focus-visible:text-brand-800"
            >
              {item.icon && <item.icon className="h-4 w-4 text-brand-600" aria-hidden="true" />}
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AuthButtons({ stacked = false }: { stacked?: boolean }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return null;
  if (user) {
    return (
      <Button asChild size="sm" className={stacked ? 'w-full' : undefined}>
        <Link to="/dashboard">Dashboard</Link>
      </Button>
    );
  }
  return (
    <div className={cn('flex gap-2', stacked && 'flex-col')}>
      <Button variant="ghost" size="sm" onClick={() => openLoginModal()}>
        Sign In
      </Button>
      <Button size="sm" onClick={() => openSignupModal()}>
        Sign Up
      </Button>
    </div>
  );
}

export function PublicHeader() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavDisclosure label="Products" items={productLinks} />
          <NavLink to="/company/pricing" className={linkClass}>
            Pricing
          </NavLink>
          <NavLink to="/company/blogs" className={linkClass}>
            Blog
          </NavLink>
          <NavDisclosure label="Resources" items={resourceLinks} />
          <NavLink to="/contact" className={linkClass}>
            Contact
          </NavLink>
        </nav>
        {/* Space for the buttons while the session is checked, so the menu does not shift when they appear. */}
        <div className="hidden min-w-44 justify-end lg:flex">
          <AuthButtons />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-expanded={open}
          aria-controls="mobile-nav"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
        </Button>
      </div>
      {open && (
        <nav id="mobile-nav" aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 lg:hidden">
          <p className="px-3 pt-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">Products</p>
          <ul>
            {productLinks.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={(state) => cn(linkClass(state), 'block')}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <p className="px-3 pt-3 text-xs font-semibold tracking-wider text-slate-500 uppercase">Explore</p>
          <ul>
            {[
              { to: '/company/pricing', label: 'Pricing' },
              { to: '/company/blogs', label: 'Blog' },
              ...resourceLinks,
              { to: '/contact', label: 'Contact' },
            ].map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={(state) => cn(linkClass(state), 'block')}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-slate-200 pt-3">
            <AuthButtons stacked />
          </div>
        </nav>
      )}
    </header>
  );
}
