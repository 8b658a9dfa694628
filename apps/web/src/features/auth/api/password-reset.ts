import { apiClient } from '@/lib/api-client.ts';

/** The server's answers (SPEC.md §7 leaves the payloads out; these are the server's contract). */
export const RESET_REQUESTED_MESSAGE = 'If an account exists for this email, we have sent a reset code.';
export const PASSWORD_RESET_MESSAGE = 'Password reset successfully. Please sign in with your new password.';

/** POST /auth/request-password-reset {email}: answers the same whether or not the address exists. */
export function requestPasswordReset(body: { email: string }): Promise<unknown> {
  return apiClient.post<unknown>('/auth/request-password-reset', body, { suppressErrorToast: true, skipAuthRefresh: true });
}

/** POST /auth/verify-password-reset-otp {email, code}: {valid: true}, or 400 with a message. */
export function verifyPasswordResetOtp(body: { email: string; code: string }): Promise<{ valid: boolean }> {
  return apiClient.post<{ valid: boolean }>('/auth/verify-password-reset-otp', body, { suppressErrorToast: true, skipAuthRefresh: true });
}

/** POST /auth/reset-password-with-otp {email, code, newPassword}: every session of the account is signed out. */
export function resetPasswordWithOtp(body: { email: string; code: string; newPassword: string }): Promise<unknown> {
  return apiClient.post<unknown>('/auth/reset-password-with-otp', body, { suppressErrorToast: true, skipAuthRefresh: true });
}
