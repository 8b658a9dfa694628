import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { LogOut, Shield, User as UserIcon } from 'lucide-react';
import type { User } from '@lumen/core/users/schemas';
import { imageUrl } from '@/lib/image-url.ts';
import { useAuth } from '@/session/auth-context.ts';

export function UserAvatar({ user, size = 32 }: { user: User; size?: number }) {
  const src = imageUrl(user.profileImage);
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return src ? (
    <img src={src} alt="" width={size} height={size} className="rounded-full object-cover" style={{ width: size, height: size }} />
  ) : (
    <span
      aria-hidden="true"
      className="inline-flex items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800"
      style={{ width: size, height: size }}
    >
      {initials || '?'}
    </span>
  );
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

export function UserMenu({ profilePath = '/dashboard/account/profile' }: { profilePath?: string }) {
  const { user, isAdmin, logout } = useAuth();
  if (!user) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-slate-100">
        <UserAvatar user={user} />
        {/* The accessible name is "Account menu for {first} {last}"; only the first name shows, from sm up. */}
        <span className="sr-only">Account menu for </span>
        <span className="sr-only text-sm font-medium text-slate-800 sm:not-sr-only">{user.firstName}</span>
        <span className="sr-only"> {user.lastName}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block text-sm font-semibold text-slate-900">
              {user.firstName} {user.lastName}
            </span>
            <span className="block truncate text-xs text-slate-500">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild>
            <Link to={profilePath} className={itemClass}>
              <UserIcon className="h-4 w-4" aria-hidden="true" /> Profile
            </Link>
          </DropdownMenu.Item>
          {isAdmin && (
            <DropdownMenu.Item asChild>
              <Link to="/admin" className={itemClass}>
                <Shield className="h-4 w-4" aria-hidden="true" /> Admin
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void logout()}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
