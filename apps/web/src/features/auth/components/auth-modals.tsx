import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Location } from 'react-router';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { AUTH_OPEN_EVENT } from '@/session/auth-modal-events.ts';
import type { AuthModalMode, AuthModalRequest } from '@/session/auth-modal-events.ts';
import { ADMIN_SIGNED_IN_ROUTE, DEFAULT_SIGNED_IN_ROUTE } from '../api/use-auth-navigation.ts';

// The forms (and zod, react-hook-form) load only when a modal opens.
const LoginForm = lazy(() => import('./login-form.tsx').then((m) => ({ default: m.LoginForm })));
const SignupForm = lazy(() => import('./signup-form.tsx').then((m) => ({ default: m.SignupForm })));
const ForgotPasswordFlow = lazy(() => import('./forgot-password-flow.tsx').then((m) => ({ default: m.ForgotPasswordFlow })));

// Requests are captured from the moment this module loads, so an 'auth:open' event dispatched
// before React has mounted the modal host (e.g. right after page load) is not lost.
const PENDING_REQUEST_TTL_MS = 10_000;
let pendingRequest: { detail: AuthModalRequest | undefined; at: number } | null = null;
const subscribers = new Set<(detail: AuthModalRequest | undefined) => void>();

// Not on the server, which renders pages without listening for anything.
if (typeof window !== 'undefined')
  window.addEventListener(AUTH_OPEN_EVENT, (event: Event) => {
    const detail = (event as CustomEvent<AuthModalRequest | undefined>).detail;
    if (subscribers.size === 0) pendingRequest = { detail, at: Date.now() };
    for (const subscriber of subscribers) subscriber(detail);
  });

function subscribeToAuthModalRequests(subscriber: (detail: AuthModalRequest | undefined) => void): () => void {
  subscribers.add(subscriber);
  if (pendingRequest && Date.now() - pendingRequest.at < PENDING_REQUEST_TTL_MS) subscriber(pendingRequest.detail);
  pendingRequest = null;
  return () => subscribers.delete(subscriber);
}

type ModalState = { open: boolean; mode: AuthModalMode; redirectTo?: string; message?: string; email?: string };

const modalTexts: Record<AuthModalMode, { title: string; description: string }> = {
  login: { title: 'Sign in to Lumen Studio', description: 'Welcome back! Sign in to continue creating.' },
  signup: { title: 'Create your Lumen Studio account', description: 'Sign up for free and get 5 credits to try every tool.' },
  forgot: { title: 'Reset your password', description: "We'll e-mail you a 6-digit code to set a new password." },
};

function modeOf(value: unknown): AuthModalMode {
  return value === 'signup' || value === 'forgot' ? value : 'login';
}

function locationPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/** Hosts the sign-in, sign-up and password reset modals; opened by the 'auth:open' window event. */
export function AuthModals() {
  const [state, setState] = useState<ModalState>({ open: false, mode: 'login' });
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  const targetOf = useCallback(
    (redirectTo?: string, signedIn: { role: string } | null = null) => {
      const from = (location.state as { from?: Location } | null)?.from;
      // Without a page to return to, an admin lands on the operator's home, everyone else on the dashboard.
      const home = signedIn?.role === 'ADMIN' ? ADMIN_SIGNED_IN_ROUTE : DEFAULT_SIGNED_IN_ROUTE;
      return redirectTo ?? (from ? locationPath(from) : home);
    },
    [location.state],
  );
  const goToTarget = useCallback(
    (redirectTo?: string, signedIn: { role: string } | null = null) => navigate(targetOf(redirectTo, signedIn), { replace: true }),
    [navigate, targetOf],
  );
  // Set when a sign-in or sign-up in the modal succeeds; followed once the signed-in user is known (their role).
  const [arriving, setArriving] = useState<{ redirectTo?: string } | null>(null);
  useEffect(() => {
    if (!arriving || !user) return;
    setArriving(null);
    goToTarget(arriving.redirectTo, user);
  }, [arriving, user, goToTarget]);

  // The latest auth state and navigation, for the long-lived event subscription below.
  const latest = useRef({ user, goToTarget });
  useEffect(() => {
    latest.current = { user, goToTarget };
  }, [user, goToTarget]);

  useEffect(
    () =>
      subscribeToAuthModalRequests((detail) => {
        // Someone already signed in needs no modal: take them where they were going.
        if (latest.current.user) {
          latest.current.goToTarget(detail?.redirectTo, latest.current.user);
          return;
        }
        setState({ open: true, mode: modeOf(detail?.mode), redirectTo: detail?.redirectTo, message: detail?.message });
      }),
    [],
  );

  const close = () => setState((current) => ({ ...current, open: false, message: undefined }));
  const onSuccess = () => {
    setState((current) => ({ ...current, open: false, message: undefined }));
    setArriving({ redirectTo: state.redirectTo });
  };
  const switchTo = (mode: AuthModalMode, email?: string) => setState((current) => ({ ...current, mode, message: undefined, email }));
  // An external sign-in leaves the page: /auth/callback comes back to where this sign-in would have gone.
  const oauthReturnTo = targetOf(state.redirectTo);

  const texts = modalTexts[state.mode];
  return (
    <Dialog
      open={state.open}
      onOpenChange={(open) => (open ? setState((current) => ({ ...current, open })) : close())}
      title={texts.title}
      description={texts.description}
    >
      {state.message && (
        <p role="alert" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {state.message}
        </p>
      )}
      <Suspense
        fallback={
          <div className="flex justify-center py-10">
            <Spinner label="Loading form…" />
          </div>
        }
      >
        {state.mode === 'login' && (
          <LoginForm
            key={state.email ?? ''}
            defaultEmail={state.email}
            onSuccess={onSuccess}
            onSwitchToSignup={() => switchTo('signup')}
            onForgotPassword={(email) => switchTo('forgot', email)}
            oauthReturnTo={oauthReturnTo}
          />
        )}
        {state.mode === 'signup' && (
          <SignupForm onSuccess={onSuccess} onSwitchToLogin={() => switchTo('login')} oauthReturnTo={oauthReturnTo} />
        )}
        {state.mode === 'forgot' && <ForgotPasswordFlow initialEmail={state.email} onBackToLogin={(email) => switchTo('login', email)} />}
      </Suspense>
    </Dialog>
  );
}
