import { z } from 'zod';

/** External identity providers (google). */
export const oauthProviders = ['google'] as const;
export type OAuthProvider = (typeof oauthProviders)[number];
export const oauthProviderSchema = z.enum(oauthProviders, "Provider must be 'google'");

/** A path inside the site (no scheme, no host, no protocol-relative '//'). */
const sitePathSchema = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\s]*$/, 'redirect must be a path inside the site');

/** GET /auth/google?redirect=<path>&intent=link */
export const oauthStartQuerySchema = z.strictObject({
  redirect: sitePathSchema.optional(),
  intent: z.enum(['sign_in', 'link']).optional(),
});
export type OAuthStartQuery = z.input<typeof oauthStartQuerySchema>;

/**
 * POST /auth/link-oauth: oauthId is the short-lived token the server put in the
 * /dashboard/account/profile?link=google&oauthId=… redirect after the provider (intent=link).
 */
export const linkOAuthBodySchema = z
  .strictObject({
    provider: oauthProviderSchema,
    oauthId: z.string('oauthId is required').min(1, 'oauthId is required').max(4096),
  })
  .meta({
    examples: [{ provider: 'google', oauthId: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJwcm92aWRlciI6Imdvb2dsZSJ9.c2lnbmF0dXJl' }],
  });
export type LinkOAuthBody = z.input<typeof linkOAuthBodySchema>;

export const unlinkOAuthBodySchema = z.strictObject({ provider: oauthProviderSchema }).meta({ examples: [{ provider: 'google' }] });
export type UnlinkOAuthBody = z.input<typeof unlinkOAuthBodySchema>;

/** The codes /auth/callback?error=<code> carries, with the text the page shows. */
export const oauthErrorMessages = {
  oauth_error: 'Authentication failed. Please try again.',
  oauth_failed: 'OAuth authentication was not completed.',
  callback_error: 'There was an error processing your authentication.',
  access_denied: 'Access was denied. Please try again.',
  invalid_request: 'Invalid authentication request.',
  server_error: 'Server error during authentication.',
} as const;
export type OAuthErrorCode = keyof typeof oauthErrorMessages;
export const oauthErrorCodes = Object.keys(oauthErrorMessages) as OAuthErrorCode[];
export const unknownOAuthErrorMessage = 'An unexpected error occurred during authentication.';

/** Where the server sends the browser after the provider (query names). */
export const OAUTH_CALLBACK_PATH = '/auth/callback';
/** Where a link attempt (intent=link) comes back to, with link=google&oauthId=… or link=google&error=…&message=… */
export const OAUTH_LINK_RETURN_PATH = '/dashboard/account/profile';

export const oauthLinkMessages = {
  linked: 'Google account linked',
  unlinked: 'Google account unlinked',
  linkedToOther: 'This Google account is already linked to another user',
  alreadyLinked: 'A Google account is already linked to your account',
  invalidLinkToken: 'The Google link request is invalid or has expired. Please try again.',
  lastMethod: 'You cannot remove your only sign-in method. Set a password first.',
  notLinked: 'No Google account is linked',
} as const;
