import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthTokens } from '@lumen/core/auth/schemas';
import { accountSecurityMessages } from '@lumen/core/auth/one-time-code';
import type { ResetPasswordBody } from '@lumen/core/auth/one-time-code';
import { apiClient } from '@/lib/api-client.ts';
import { setStoredToken } from '@/lib/session-storage.ts';
import { authKeys } from '@/query-keys/auth-keys.ts';

export const PASSWORD_CHANGED_MESSAGE = accountSecurityMessages.passwordChanged;

export type ChangePasswordBody = ResetPasswordBody;

/** POST /auth/reset-password {currentPassword, newPassword}: new tokens for this client; other sessions are signed out. */
export function changePassword(body: ChangePasswordBody): Promise<AuthTokens> {
  return apiClient.post<AuthTokens>('/auth/reset-password', body, { suppressErrorToast: true });
}

/** Changes the password and keeps this browser signed in with the new access token. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (tokens) => {
      setStoredToken(tokens.accessToken);
      await queryClient.invalidateQueries({ queryKey: authKeys.sessions() });
    },
  });
}
