/** OAuth error codes and their messages. */
export const oauthErrorMessages: Record<string, string> = {
  oauth_error: 'Authentication failed. Please try again.',
  oauth_failed: 'OAuth authentication was not completed.',
  callback_error: 'There was an error processing your authentication.',
  access_denied: 'Access was denied. Please try again.',
  invalid_request: 'Invalid authentication request.',
  server_error: 'Server error during authentication.',
};

export const UNKNOWN_OAUTH_ERROR = 'An unexpected error occurred during authentication.';
export const INVALID_TOKENS_MESSAGE = 'Invalid authentication tokens received.';
export const AUTH_ERROR_REDIRECT_MS = 3000;

export function oauthErrorMessage(code: string): string {
  return oauthErrorMessages[code] ?? UNKNOWN_OAUTH_ERROR;
}
