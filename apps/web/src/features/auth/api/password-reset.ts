import { accountSecurityMessages } from '@lumen/core/auth/one-time-code';
import type {
  RequestPasswordResetBody,
  ResetPasswordWithOtpBody,
  VerifyPasswordResetOtpBody,
  VerifyPasswordResetOtpResult,
} from '@lumen/core/auth/one-time-code';
import { apiClient } from '@/lib/api-client.ts';

/** The server's answers (the shared schemas fix their payloads). */
export const RESET_REQUESTED_MESSAGE = accountSecurityMessages.resetRequested;
export const PASSWORD_RESET_MESSAGE = accountSecurityMessages.passwordReset;

/** POST /auth/request-password-reset {email}: answers the same whether or not the address exists. */
export function requestPasswordReset(body: RequestPasswordResetBody): Promise<unknown> {
  return apiClient.post<unknown>('/auth/request-password-reset', body, { suppressErrorToast: true, skipAuthRefresh: true });
}

/** POST /auth/verify-password-reset-otp {email, code}: {valid: true}, or 400 with a message. */
export function verifyPasswordResetOtp(body: VerifyPasswordResetOtpBody): Promise<VerifyPasswordResetOtpResult> {
  return apiClient.post<VerifyPasswordResetOtpResult>('/auth/verify-password-reset-otp', body, {
    suppressErrorToast: true,
    skipAuthRefresh: true,
  });
}

/** POST /auth/reset-password-with-otp {email, code, newPassword}: every session of the account is signed out. */
export function resetPasswordWithOtp(body: ResetPasswordWithOtpBody): Promise<unknown> {
  return apiClient.post<unknown>('/auth/reset-password-with-otp', body, { suppressErrorToast: true, skipAuthRefresh: true });
}
