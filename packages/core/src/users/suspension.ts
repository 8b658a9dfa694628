import { z } from 'zod';

export const accountSuspendedMessage = 'Your account has been suspended. Contact support.';

export const suspensionMessages = {
  suspended: 'User suspended',
  reactivated: 'User reactivated',
  notYourself: 'You cannot suspend your own account',
  alreadySuspended: 'This user is already suspended',
  notSuspended: 'This user is not suspended',
} as const;

/** POST /admin/users/{id}/suspend */
export const suspendUserBodySchema = z
  .strictObject({
    reason: z
      .string('A reason is required')
      .trim()
      .min(1, 'A reason is required')
      .min(3, 'The reason must be at least 3 characters')
      .max(500, 'The reason must be at most 500 characters'),
  })
  .meta({ examples: [{ reason: 'Repeated chargebacks on card payments; see support ticket 4821' }] });
export type SuspendUserBody = z.input<typeof suspendUserBodySchema>;

/** What the admin sees of an account's suspension. */
export const suspensionSchema = z.object({ suspendedAt: z.string().nullable(), suspendedReason: z.string().nullable() });
export type Suspension = z.infer<typeof suspensionSchema>;
