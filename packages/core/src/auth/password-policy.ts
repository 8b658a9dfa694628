import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const passwordPolicyMessage = 'Password must be at least 8 characters and contain a letter and a number';

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, passwordPolicyMessage)
  .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters')
  // A pattern, not a refinement, so the OpenAPI document states the rule too.
  .regex(/^(?=[\s\S]*[A-Za-z])(?=[\s\S]*\d)/, passwordPolicyMessage);
