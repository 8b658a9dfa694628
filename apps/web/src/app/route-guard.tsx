import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { openAuthModal } from '@/session/auth-modal-events.ts';

export const LOGIN_REQUIRED_MESSAGE = 'Please log in to access this page';
export const ADMIN_REQUIRED_MESSAGE = 'You need ADMIN privileges to access this page';

/**
 * Route guard: a spinner while the auth state loads; guests go to / with the origin
 * kept (state.from) and the sign-in modal opened, or, for a page with a public twin
 * (`signedOutTo`), straight to that page; signed-in non-admins on admin pages go to /dashboard.
 */
export function RouteGuard({
  requireAuth = true,
  requireAdmin = false,
  signedOutTo,
  children,
}: {
  requireAuth?: boolean;
  requireAdmin?: boolean;
  /** A public page that shows a guest the same thing (/pricing → /company/pricing): no sign-in modal then. */
  signedOutTo?: string;
  children?: ReactNode;
}) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const origin = `${location.pathname}${location.search}${location.hash}`;
  const mustSignIn = (requireAuth || requireAdmin) && !isLoading && !user;
  const mustBeAdmin = requireAdmin && !isLoading && user !== null && user.role !== 'ADMIN';

  useEffect(() => {
    if (mustSignIn && !signedOutTo) openAuthModal({ mode: 'login', message: LOGIN_REQUIRED_MESSAGE, redirectTo: origin });
  }, [mustSignIn, origin, signedOutTo]);

  useEffect(() => {
    if (mustBeAdmin) toast.error(ADMIN_REQUIRED_MESSAGE, { id: 'admin-required' });
  }, [mustBeAdmin]);

  if (isLoading) return <PageSpinner label="Checking your session…" />;
  if (mustSignIn && signedOutTo) return <Navigate to={`${signedOutTo}${location.search}${location.hash}`} replace />;
  if (mustSignIn) return <Navigate to="/" replace state={{ from: location }} />;
  if (mustBeAdmin) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
}
