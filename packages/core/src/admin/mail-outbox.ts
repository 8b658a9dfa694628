import { z } from 'zod';
import { paginatedSchema, paginationQueryShape } from '../http/pagination.ts';

export const mailTemplates = [
  'email_verification',
  'password_reset',
  'password_changed',
  'provider_linked',
  'refund_request_decided',
  'refund_issued',
  'contact_message',
  'contact_reply',
  'support_message',
  'support_reply',
  'newsletter_confirmation',
  'newsletter_campaign',
  'provider_budget_alert',
  'account_deletion',
  'api_key_expiring',
  'low_balance',
  'auto_top_up',
  'auto_top_up_failed',
] as const;
export type MailTemplate = (typeof mailTemplates)[number];

/** stored: no SMTP_URL, kept only here; sent / failed: what the SMTP server answered. */
export const mailStatuses = ['stored', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** GET /admin/mail-outbox?limit&page&to */
export const mailOutboxQuerySchema = z.strictObject({
  to: z.string().trim().max(254, 'to must be at most 254 characters').optional(),
  ...paginationQueryShape,
});
export type MailOutboxQuery = z.input<typeof mailOutboxQuerySchema>;

export const mailOutboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.enum(mailTemplates),
  status: z.enum(mailStatuses),
  createdAt: z.string(),
});
export type MailOutboxItem = z.infer<typeof mailOutboxItemSchema>;
export const mailOutboxListSchema = paginatedSchema(mailOutboxItemSchema);
export type MailOutboxList = z.infer<typeof mailOutboxListSchema>;

/** GET /admin/mail-outbox/{id} */
export const mailOutboxMessageSchema = mailOutboxItemSchema.extend({ text: z.string(), html: z.string() });
export type MailOutboxMessage = z.infer<typeof mailOutboxMessageSchema>;
