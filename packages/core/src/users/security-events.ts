import { z } from 'zod';
import { isWithinSupportedYears, supportedYearsMessage } from '../http/date-bounds.ts';
import { paginatedSchema, paginationQueryShape } from '../http/pagination.ts';

export const securityEventTypes = [
  'sign_in',
  'sign_in_failed',
  'password_changed',
  'password_reset',
  'provider_linked',
  'provider_unlinked',
  'session_revoked',
  'email_verified',
  'data_exported',
  'account_deleted',
] as const;
export type SecurityEventType = (typeof securityEventTypes)[number];

/** GET /user/me/security-events item. */
export const securityEventSchema = z.object({
  id: z.string(),
  type: z.enum(securityEventTypes),
  /** Human text, e.g. 'Signed in with Google', 'Password changed'. */
  description: z.string(),
  ip: z.string().nullable(),
  /** Human, from the user agent ('Chrome on Linux'); null when unknown. */
  device: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
export const securityEventListSchema = paginatedSchema(securityEventSchema);
export type SecurityEventList = z.infer<typeof securityEventListSchema>;

export const securityEventsQuerySchema = z.strictObject({ ...paginationQueryShape });

/** GET /admin/security-events?limit&page&userId&type */
const rangeBound = (name: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], `${name} must be a date (YYYY-MM-DD) or an ISO date-time`)
    .refine(isWithinSupportedYears, supportedYearsMessage(name));

export const adminSecurityEventsQuerySchema = z.strictObject({
  userId: z.uuid('userId must be a UUID').optional(),
  type: z.enum(securityEventTypes, 'type must be a security event type').optional(),
  /** Part of the account's e-mail or of the IP. */
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  from: rangeBound('from').optional(),
  to: rangeBound('to').optional(),
  ...paginationQueryShape,
});
export type AdminSecurityEventsQuery = z.input<typeof adminSecurityEventsQuerySchema>;

export const adminSecurityEventSchema = securityEventSchema.extend({
  userId: z.string().nullable(),
  /** The account's e-mail (null when the account was deleted). */
  userEmail: z.string().nullable(),
});
export type AdminSecurityEvent = z.infer<typeof adminSecurityEventSchema>;
export const adminSecurityEventListSchema = paginatedSchema(adminSecurityEventSchema);
export type AdminSecurityEventList = z.infer<typeof adminSecurityEventListSchema>;
