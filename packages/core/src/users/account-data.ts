import { z } from 'zod';
import { oneTimeCodeSchema } from '../auth/one-time-code.ts';

/** One personal-data archive per person per this many minutes (building it reads every file they own). */
export const DATA_EXPORT_COOLDOWN_MINUTES = 10;

/** Where an erased account's e-mail points: the reserved .invalid TLD never delivers (RFC 2606). */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';
export const deletedEmailFor = (userId: string) => `deleted-${userId}@${DELETED_EMAIL_DOMAIN}`;
export const DELETED_FIRST_NAME = 'Deleted';
export const DELETED_LAST_NAME = 'user';

/** POST /user/me/export and POST /user/me/delete/code take no fields: an empty object, or no body. */
export const noFieldsBodySchema = z.strictObject({});

/**
 * POST /user/me/delete: the password for accounts that have one, otherwise the code from
 * POST /user/me/delete/code (sent to the account's address).
 */
export const deleteAccountBodySchema = z
  .strictObject({
    password: z.string('Enter your password').min(1, 'Enter your password').max(1024, 'Password is too long').optional(),
    code: oneTimeCodeSchema.optional(),
  })
  .meta({ examples: [{ password: 'analytical-engine-1843' }, { code: '482913' }] });
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/** POST /user/me/delete/code data. */
export const deletionCodeSentSchema = z.object({ email: z.string(), retryAfterSeconds: z.number().int().nullable() });
export type DeletionCodeSent = z.infer<typeof deletionCodeSentSchema>;

export const accountDataMessages = {
  exportTooSoon: (minutes: number) =>
    `You downloaded your data a moment ago. You can download it again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  passwordRequired: 'Enter your password to delete your account',
  passwordIncorrect: 'Your password is incorrect',
  codeRequired: 'Enter the 6-digit code we e-mailed you',
  hasPassword: 'This account has a password: confirm with your password',
  lastAdmin: 'You are the only admin. Make someone else an admin before deleting your account.',
  activeSubscription: 'Cancel your subscription (Billing) before deleting your account.',
  codeSent: 'We e-mailed you a 6-digit code to confirm the deletion',
  deleted: 'Your account has been deleted',
} as const;
