import { useMutation } from '@tanstack/react-query';
import { ONE_TIME_CODE_RESEND_COOLDOWN_SECONDS, accountSecurityMessages } from '@lumen/core/auth/one-time-code';
import type { VerifyEmailOtpBody } from '@lumen/core/auth/one-time-code';
import type { User } from '@lumen/core/users/schemas';
import { apiClient, isApiError } from '@/lib/api-client.ts';

export const EMAIL_VERIFIED_MESSAGE = accountSecurityMessages.emailVerified;
/** The server's resend cooldown. */
export const RESEND_COOLDOWN_SECONDS = ONE_TIME_CODE_RESEND_COOLDOWN_SECONDS;

/** POST /auth/verify-email-otp {code}: the user, now with emailVerified true; 400 on a wrong or expired code. */
export function verifyEmailOtp(body: VerifyEmailOtpBody): Promise<User> {
  return apiClient.post<User>('/auth/verify-email-otp', body, { suppressErrorToast: true });
}

/** POST /auth/resend-email-verification {}: 429 during the cooldown, 409 when already verified. */
export function resendEmailVerification(): Promise<unknown> {
  return apiClient.post<unknown>('/auth/resend-email-verification', {}, { suppressErrorToast: true });
}

export function useVerifyEmailOtp() {
  return useMutation({ mutationFn: verifyEmailOtp });
}

export function useResendEmailVerification() {
  return useMutation({ mutationFn: resendEmailVerification });
}

/**
 * Seconds to wait after a refused resend: the number in a 429's message ('… (42 s)'),
 * else the whole cooldown. (The API client does not expose the Retry-After header.)
 */
export function cooldownAfterError(error: unknown, fallback = RESEND_COOLDOWN_SECONDS): number | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const seconds = /(\d+)\s*(second|sec|s\b)/i.exec(error.message);
  if (seconds) return Math.max(1, Number(seconds[1]));
  const minutes = /(\d+)\s*minute/i.exec(error.message);
  if (minutes) return Math.max(1, Number(minutes[1]) * 60);
  return fallback;
}
