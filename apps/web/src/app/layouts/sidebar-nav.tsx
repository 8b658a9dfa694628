import { NavLink } from 'react-router';
import { cn } from '@/lib/cn.ts';
import type { NavGroup } from './nav-items.ts';

/** `badges`: a count shown on the entry of that path (e.g. unread support messages); 0 shows nothing. */
export function SidebarNav({
  groups,
  label,
  dark = false,
  badges = {},
}: {
  groups: NavGroup[];
  label: string;
  dark?: boolean;
  badges?: Record<string, number>;
}) {
  return (
    <nav aria-label={label} className="space-y-6">
      {groups.map((group) => (
        <div key={group.label}>
          <p className={cn('px-3 text-xs font-semibold tracking-wider uppercase', dark ? 'text-slate-400' : 'text-slate-500')}>
            {group.label}
          </p>
          <ul className="mt-2 space-y-0.5">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      dark
                        ? isActive
                          ? 'bg-white/10 text-white'
                          : 'text-slate-300 hover:bg-white/5 hover:text-white'
                        : isActive
                          ? 'bg-brand-50 text-brand-800'
                          : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  {item.icon && <item.icon className="h-4 w-4 shrink-0" aria-hidden="true" />}
                  {item.label}
                  {(badges[item.to] ?? 0) > 0 && (
                    <span
                      className={cn(
                        'ml-auto min-w-5 rounded-full px-1.5 py-0.5 text-center text-xs font-semibold',
                        dark ? 'bg-brand-400 text-ink' : 'bg-brand-600 text-white',
                      )}
                    >
                      {badges[item.to]}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
