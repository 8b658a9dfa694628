/** How long a user has to answer the consent page (sign-in or sign-up included). */
export const CONSENT_TTL_MS = 30 * 60_000;
/** An authorization code is exchanged at once by the client that asked for it (RFC 6749 §4.1.2: at most 10 minutes). */
export const CODE_TTL_MS = 60_000;
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** A refresh token is used once; the one it is exchanged for starts a new period. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
