import { z } from 'zod';

export const ipBlockMessages = {
  blocked: 'Access from your network has been blocked. Contact support if you think this is a mistake.',
  invalidCidr: 'Enter an IPv4 or IPv6 address or range in CIDR notation, e.g. 203.0.113.0/24 or 2001:db8::/32',
  ownRange: 'You cannot block the range you are connecting from',
  duplicate: 'This range is already blocked',
  notFound: 'Blocked range not found',
  added: 'Range blocked',
  removed: 'Range unblocked',
} as const;

/** POST /admin/ip-blocks: the range (a single address means /32 or /128) and why. */
export const createIpBlockBodySchema = z
  .strictObject({
    cidr: z.string(ipBlockMessages.invalidCidr).trim().min(2, ipBlockMessages.invalidCidr).max(50, ipBlockMessages.invalidCidr),
    reason: z
      .string('A reason is required')
      .trim()
      .min(1, 'A reason is required')
      .min(3, 'The reason must be at least 3 characters')
      .max(300, 'The reason must be at most 300 characters'),
  })
  .meta({ examples: [{ cidr: '203.0.113.0/24', reason: 'Credential stuffing: 4000 failed sign-ins in one hour' }] });
export type CreateIpBlockBody = z.input<typeof createIpBlockBodySchema>;

export const ipBlockSchema = z.object({
  id: z.string(),
  /** Normalised: network address and prefix, e.g. 203.0.113.0/24. */
  cidr: z.string(),
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type IpBlock = z.infer<typeof ipBlockSchema>;
export const ipBlockListSchema = z.object({ items: z.array(ipBlockSchema), yourIp: z.string() });
export type IpBlockList = z.infer<typeof ipBlockListSchema>;

/** GET /admin/security/failed-sign-ins?from&to (default: the last 24 hours; at most 31 days). */
export const failedSignInsQuerySchema = z.strictObject({
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }).optional(),
});
export type FailedSignInsQuery = z.input<typeof failedSignInsQuerySchema>;
export const MAX_SECURITY_RANGE_DAYS = 31;

export const failedSignInsSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  /** Every hour of the range (UTC, ISO), zeros included. */
  perHour: z.array(z.object({ hour: z.string(), count: z.number().int() })),
  /** The 20 addresses with the most failures. */
  perIp: z.array(z.object({ ip: z.string(), count: z.number().int(), accounts: z.number().int(), lastAt: z.string() })),
});
export type FailedSignIns = z.infer<typeof failedSignInsSchema>;
