import { z } from 'zod';
import { emailSchema } from './schemas.ts';
import { passwordSchema } from './password-policy.ts';

/** One-time codes sent by e-mail: 6 digits, valid 10 minutes, at most 5 wrong tries. */
export const ONE_TIME_CODE_LENGTH = 6;
export const ONE_TIME_CODE_TTL_MINUTES = 10;
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
/** Seconds between two codes sent to the same address for the same purpose. */
export const ONE_TIME_CODE_RESEND_COOLDOWN_SECONDS = 60;

export const oneTimeCodeSchema = z
  .string('Please enter the 6-digit code')
  .trim()
  .regex(/^\d{6}$/, 'Please enter the 6-digit code');

// ---- e-mail verification (signed in) ----------------------------------------

/** POST /auth/verify-email-otp; answers the user with emailVerified true. */
export const verifyEmailOtpBodySchema = z.strictObject({ code: oneTimeCodeSchema }).meta({ examples: [{ code: '482913' }] });
export type VerifyEmailOtpBody = z.input<typeof verifyEmailOtpBodySchema>;

/** POST /auth/resend-email-verification: an empty object (or no body). */
export const resendEmailVerificationBodySchema = z.strictObject({});

// ---- password reset by code (signed out) -------------------------------------

export const requestPasswordResetBodySchema = z.strictObject({ email: emailSchema }).meta({ examples: [{ email: 'ada@example.com' }] });
export type RequestPasswordResetBody = z.input<typeof requestPasswordResetBodySchema>;

export const verifyPasswordResetOtpBodySchema = z
  .strictObject({ email: emailSchema, code: oneTimeCodeSchema })
  .meta({ examples: [{ email: 'ada@example.com', code: '482913' }] });
export type VerifyPasswordResetOtpBody = z.input<typeof verifyPasswordResetOtpBodySchema>;

/** POST /auth/verify-password-reset-otp data: the code is right (it is not consumed). */
export const verifyPasswordResetOtpResultSchema = z.object({ valid: z.literal(true) });
export type VerifyPasswordResetOtpResult = z.infer<typeof verifyPasswordResetOtpResultSchema>;

export const resetPasswordWithOtpBodySchema = z
  .strictObject({
    email: emailSchema,
    code: oneTimeCodeSchema,
    newPassword: passwordSchema,
  })
  .meta({ examples: [{ email: 'ada@example.com', code: '482913', newPassword: 'difference-engine-1822' }] });
export type ResetPasswordWithOtpBody = z.input<typeof resetPasswordWithOtpBodySchema>;

// ---- password change (signed in) ---------------------------------------------

/** POST /auth/reset-password; answers a fresh { accessToken, refreshToken } for this client. */
export const resetPasswordBodySchema = z
  .strictObject({
    currentPassword: z.string('Current password is required').min(1, 'Current password is required').max(1024, 'Password is too long'),
    newPassword: passwordSchema,
  })
  .meta({ examples: [{ currentPassword: 'analytical-engine-1843', newPassword: 'difference-engine-1822' }] });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** Texts the server answers with, shared so the web can show the same words. */
export const accountSecurityMessages = {
  emailVerified: 'Email verified successfully',
  verificationSent: 'Verification code sent',
  emailAlreadyVerified: 'Email is already verified',
  verifyEmailFirst: 'Please verify your email address first',
  resetRequested: 'If an account exists for this email, we have sent a reset code.',
  resetCodeValid: 'Code verified',
  passwordReset: 'Password reset successfully. Please sign in with your new password.',
  passwordChanged: 'Password changed successfully',
  currentPasswordIncorrect: 'Current password is incorrect',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;
