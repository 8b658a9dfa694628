import { z } from 'zod';
import { nonEmptyBody } from '../http/non-empty-body.ts';

export const roles = ['USER', 'ADMIN'] as const;
export type Role = (typeof roles)[number];

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profileImage: z.string().nullable(),
  role: z.enum(roles),
  emailVerified: z.boolean(),
  credit: z.object({ balance: z.number().int(), spent: z.number().int() }),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Exactly the fields a user may change on their own profile. */
export const updateProfileBodySchema = nonEmptyBody(
  z
    .strictObject({
      firstName: z.string().trim().min(1, 'First name is required').max(60, 'First name must be at most 60 characters'),
      lastName: z.string().trim().min(1, 'Last name is required').max(60, 'Last name must be at most 60 characters'),
    })
    .partial(),
  'Nothing to update',
).meta({ examples: [{ firstName: 'Ada', lastName: 'Lovelace' }] });
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** Image uploads accept png, jpeg, jpg and webp. */
export const allowedImageExtensions = ['png', 'jpeg', 'jpg', 'webp'] as const;
export const allowedImageMimeTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
