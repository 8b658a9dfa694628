import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const passwordPolicyMessage = 'Password must be at least 8 characters and contain a letter and a number';

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, passwordPolicyMessage)
  .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters')
  .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), passwordPolicyMessage);
