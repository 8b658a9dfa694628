import { apiClient } from '@/lib/api-client.ts';

/** POST /auth/logout {refreshToken?}: the refresh token travels in its HttpOnly cookie. */
export function logout(): Promise<unknown> {
  return apiClient.post<unknown>('/auth/logout', {}, { suppressErrorToast: true });
}
