import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/session/auth-context.ts';
import { openAuthModal } from '@/session/auth-modal-events.ts';
import type { AuthModalMode } from '@/session/auth-modal-events.ts';

export const DEFAULT_SIGNED_IN_ROUTE = '/dashboard';
/** Where an admin lands after signing in when no page asked for the sign-in. */
export const ADMIN_SIGNED_IN_ROUTE = '/admin';

/** If signed in, go to the target route (default /dashboard); otherwise open the modal. */
export function useAuthNavigation() {
  const { user } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    (to: string = DEFAULT_SIGNED_IN_ROUTE, mode: AuthModalMode = 'signup') => {
      if (user) navigate(to);
      else openAuthModal({ mode, redirectTo: to });
    },
    [user, navigate],
  );
}
