import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { ChevronDown, Menu, X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { openLoginModal, openSignupModal } from '@/features/auth/api/auth-modal-events.ts';
import { Logo } from './logo.tsx';
import { productLinks, resourceLinks } from './nav-items.ts';
import type { NavItem } from './nav-items.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-lg px-3 py-2 text-sm font-medium transition-colors', isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700');

function MenuDropdown({ label, items }: { label: string; items: NavItem[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 data-[state=open]:text-brand-700">
        {label} <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link
                to={item.to}
                className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800"
              >
                {item.icon && <item.icon className="h-4 w-4 text-brand-600" aria-hidden="true" />}
                {item.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
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
          <MenuDropdown label="Products" items={productLinks} />
          <NavLink to="/company/pricing" className={linkClass}>
            Pricing
          </NavLink>
          <NavLink to="/company/blogs" className={linkClass}>
            Blog
          </NavLink>
          <MenuDropdown label="Resources" items={resourceLinks} />
          <NavLink to="/contact" className={linkClass}>
            Contact
          </NavLink>
        </nav>
        <div className="hidden lg:block">
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
