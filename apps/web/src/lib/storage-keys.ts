/** Every key the web app keeps in browser storage. */
export const storageKeys = {
  /** local storage: the access token */
  token: 'token',
  /** local storage: the signed-in user, as JSON */
  user: 'user',
  /** local storage: where to go after an OAuth sign-in */
  oauthRedirectPath: 'oauth_redirect_path',
  /** session storage: set while a silent token refresh is in flight (the "session flag for auto-refresh") */
  autoRefresh: 'auto_refresh_in_progress',
  /** session storage: set once the error boundary has reloaded the page after a crash */
  crashReloaded: 'crash_reloaded',
} as const;
