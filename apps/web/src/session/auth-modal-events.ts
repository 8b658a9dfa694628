/**
 * Sign-in and sign-up are modals opened by a window event:
 *   window.dispatchEvent(new CustomEvent('auth:open', { detail: { mode: 'login' | 'signup' | 'forgot', redirectTo?, message? } }))
 * ('forgot' opens the password reset by e-mailed code.)
 */
export const AUTH_OPEN_EVENT = 'auth:open';

export type AuthModalMode = 'login' | 'signup' | 'forgot';

export type AuthModalRequest = {
  mode: AuthModalMode;
  /** where to go after signing in (default: the kept origin location, else /dashboard) */
  redirectTo?: string;
  /** a notice shown at the top of the modal */
  message?: string;
};

export function openAuthModal(detail: AuthModalRequest): void {
  window.dispatchEvent(new CustomEvent<AuthModalRequest>(AUTH_OPEN_EVENT, { detail }));
}

export function openLoginModal(detail: Omit<AuthModalRequest, 'mode'> = {}): void {
  openAuthModal({ ...detail, mode: 'login' });
}

export function openSignupModal(detail: Omit<AuthModalRequest, 'mode'> = {}): void {
  openAuthModal({ ...detail, mode: 'signup' });
}

export function openForgotPasswordModal(detail: Omit<AuthModalRequest, 'mode'> = {}): void {
  openAuthModal({ ...detail, mode: 'forgot' });
}
