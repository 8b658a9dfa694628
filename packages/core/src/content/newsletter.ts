import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { paginatedSchema, paginationQueryShape } from '../http/pagination.ts';

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** POST /newsletter/subscribe */
export const subscribeBodySchema = z.strictObject({ email: emailSchema }).meta({ examples: [{ email: 'ada@example.com' }] });
export type SubscribeBody = z.input<typeof subscribeBodySchema>;

/** POST /newsletter/confirm and /newsletter/unsubscribe: the signed token from the mail's link. */
export const newsletterTokenBodySchema = z
  .strictObject({
    token: z.string().trim().min(10, 'This link is incomplete').max(300, 'This link is not valid'),
  })
  .meta({ examples: [{ token: '0d7c5a3e-8f21-4b6a-9c14-2e5f7a8b9c0d.q3J5uV8xW1yZ2aB4cD6eF7gH9iJ0kL1mN3oP5qR7sT8' }] });

export const SUBSCRIBE_MESSAGE = 'Almost there! Check your inbox and confirm your subscription.';

export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(subscriberStatuses),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
export const subscriberListSchema = paginatedSchema(subscriberSchema).extend({
  counts: z.object({ pending: z.number().int(), confirmed: z.number().int(), unsubscribed: z.number().int() }),
});
export type SubscriberList = z.infer<typeof subscriberListSchema>;

export const subscriberListQuerySchema = z.strictObject({
  ...paginationQueryShape,
  status: z.enum(subscriberStatuses).optional(),
  search: z.string().trim().max(200).optional(),
});
export type SubscriberListQuery = { status?: SubscriberStatus; search?: string; page?: number; limit?: number };

export const campaignLimits = { subjectMax: 200, bodyMax: 100_000 } as const;

/** POST /admin/newsletter/campaigns, PUT /admin/newsletter/campaigns/{id} */
export const campaignBodySchema = z
  .strictObject({
    subject: z
      .string()
      .trim()
      .min(1, 'Subject is required')
      .max(campaignLimits.subjectMax, `Subject must be at most ${campaignLimits.subjectMax} characters`),
    body: z
      .string()
      .min(1, 'Write the newsletter')
      .max(campaignLimits.bodyMax, `The newsletter must be at most ${campaignLimits.bodyMax.toLocaleString('en-US')} characters`),
  })
  .meta({
    examples: [
      {
        subject: 'This month in Lumen Studio: sounds of up to 30 seconds',
        body: '# What is new this month\n\nThe Sound Generator makes clips of up to 30 seconds: enough for an intro jingle or a short loop.\n\nHappy creating,\nThe Lumen Studio team',
      },
    ],
  });
export type CampaignBody = z.input<typeof campaignBodySchema>;

export const campaignStatuses = ['draft', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const campaignSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(campaignStatuses),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  progress: z.object({ total: z.number().int(), pending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignIdParamsSchema = z.strictObject({ id: z.uuid('Unknown campaign') });

export const recipientStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];
export const campaignRecipientSchema = z.object({
  email: z.string(),
  status: z.enum(recipientStatuses),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;
export const campaignRecipientListSchema = paginatedSchema(campaignRecipientSchema);
export type CampaignRecipientList = z.infer<typeof campaignRecipientListSchema>;
export const campaignRecipientsQuerySchema = z.strictObject({ ...paginationQueryShape, status: z.enum(recipientStatuses).optional() });
