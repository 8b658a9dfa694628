import { useMutation } from '@tanstack/react-query';
import type { LinkOAuthBody, OAuthProvider, UnlinkOAuthBody } from '@lumen/core/auth/oauth';
import { API_BASE, apiClient } from '@/lib/api-client.ts';
import { storageKeys } from '@/lib/storage-keys.ts';
import { usePublicConfig } from '@/features/settings/api/public-config.ts';

export type { OAuthProvider };

/** The external identity providers the web app knows (google is supported). */
export const oauthProviderLabels: Record<OAuthProvider, string> = { google: 'Google' };

/** The providers the server has configured (GET /public-config → oauthProviders). */
export function useEnabledOAuthProviders(): readonly string[] {
  const { data } = usePublicConfig();
  return data?.oauthProviders ?? [];
}

/** The address the browser is sent to: {api}/auth/{provider}. */
export function oauthStartUrl(provider: OAuthProvider, intent?: 'link'): string {
  return `${API_BASE}/auth/${provider}${intent ? `?intent=${intent}` : ''}`;
}

/** Indirection so tests can observe the browser redirect. */
export const browserLocation = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * Starts a sign-in with an external provider: remembers where to come back to
 * (oauth_redirect_path, read by /auth/callback) and sends the browser to the server.
 */
export function startOAuthSignIn(provider: OAuthProvider, returnTo: string): void {
  localStorage.setItem(storageKeys.oauthRedirectPath, returnTo);
  browserLocation.assign(oauthStartUrl(provider));
}

/** Links a provider to the signed-in account; the server returns to the profile page with ?link=…&oauthId=…. */
export function startOAuthLink(provider: OAuthProvider): void {
  browserLocation.assign(oauthStartUrl(provider, 'link'));
}

/** POST /auth/link-oauth {provider, oauthId} */
export function linkOAuth(body: LinkOAuthBody): Promise<unknown> {
  return apiClient.post<unknown>('/auth/link-oauth', body, { suppressErrorToast: true });
}

/** POST /auth/unlink-oauth {provider}: 409 when it is the only way left to sign in. */
export function unlinkOAuth(body: UnlinkOAuthBody): Promise<unknown> {
  return apiClient.post<unknown>('/auth/unlink-oauth', body, { suppressErrorToast: true });
}

export function useLinkOAuth() {
  return useMutation({ mutationFn: linkOAuth });
}

export function useUnlinkOAuth() {
  return useMutation({ mutationFn: unlinkOAuth });
}
