import { z } from 'zod';
import { passwordSchema } from './password-policy.ts';
import { userSchema } from '../users/schemas.ts';

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .email('Please enter a valid email address')
  .transform((value) => value.toLowerCase());

const nameSchema = (label: string) => z.string().trim().min(1, `${label} is required`).max(60, `${label} must be at most 60 characters`);

export const registerBodySchema = z.strictObject({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(1024, 'Password is too long'),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** The refresh token travels in the refreshToken cookie also sends it in the body. */
export const refreshTokenBodySchema = z.strictObject({
  refreshToken: z.string().min(1).max(512).optional(),
});

export const authTokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type AuthTokens = z.infer<typeof authTokensSchema>;

export const authResultSchema = z.object({
  user: userSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type AuthResult = z.infer<typeof authResultSchema>;
