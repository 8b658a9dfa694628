import { z } from 'zod';
import { paginatedSchema, paginationQueryShape } from '../http/pagination.ts';

/** GET /admin/users/{id}/api-keys item (never the secret or its hash). */
export const adminUserApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  keyPrefix: z.string(),
  status: z.enum(['active', 'revoked']),
  rateLimit: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type AdminUserApiKey = z.infer<typeof adminUserApiKeySchema>;
export const adminUserApiKeyListSchema = z.array(adminUserApiKeySchema);

/** GET /admin/users/{id}/orders item. */
export const adminUserOrderSchema = z.object({
  id: z.string(),
  description: z.string(),
  kind: z.string(),
  provider: z.string(),
  status: z.string(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  invoiceNumber: z.number().int().nullable(),
  testMode: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminUserOrder = z.infer<typeof adminUserOrderSchema>;
export const adminUserOrderListSchema = z.array(adminUserOrderSchema);

/** GET /admin/sessions: live sessions of every user (or one), most recently seen first. */
export const adminSessionsQuerySchema = z.strictObject({
  userId: z.uuid('userId must be a UUID').optional(),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  ...paginationQueryShape,
});
export type AdminSessionsQuery = z.input<typeof adminSessionsQuerySchema>;

export const adminSessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;
export const adminSessionListSchema = paginatedSchema(adminSessionSchema);
export type AdminSessionList = z.infer<typeof adminSessionListSchema>;

export const sessionRevokedMessage = 'Session revoked';
export const sessionNotFoundMessage = 'Session not found';
