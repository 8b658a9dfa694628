import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { paginatedSchema, paginationQueryShape } from '../http/pagination.ts';
import { contactLimits } from './contact-rules.ts';

export { CONTACT_SENT_MESSAGE, contactLimits } from './contact-rules.ts';

/** POST /contact */
export const contactBodySchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, 'Please enter your name')
      .max(contactLimits.nameMax, `Name must be at most ${contactLimits.nameMax} characters`),
    email: emailSchema,
    subject: z
      .string()
      .trim()
      .min(1, 'Please enter a subject')
      .max(contactLimits.subjectMax, `Subject must be at most ${contactLimits.subjectMax} characters`),
    message: z
      .string()
      .trim()
      .min(10, 'Please write at least 10 characters')
      .max(contactLimits.messageMax, `Message must be at most ${contactLimits.messageMax.toLocaleString('en-US')} characters`),
  })
  .meta({
    examples: [
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject: 'Own photos in the virtual try-on',
        message: 'Hello, can I use photos of my own models in the virtual try-on, or only the models of the catalogue? Thanks!',
      },
    ],
  });
export type ContactBody = z.input<typeof contactBodySchema>;

export const contactStatuses = ['open', 'answered'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(contactStatuses),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** The account with this e-mail, if any (credits can be granted to it). */
  userId: z.string().nullable(),
  creditsGranted: z.number().int().nullable(),
  grantReason: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessageListSchema = paginatedSchema(contactMessageSchema);
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;

export const contactListQuerySchema = z.strictObject({
  ...paginationQueryShape,
  status: z.enum(contactStatuses).optional(),
  search: z.string().trim().max(200).optional(),
});
export type ContactListQuery = { status?: ContactStatus; search?: string; page?: number; limit?: number };

export const contactIdParamsSchema = z.strictObject({ id: z.uuid('Unknown message') });

/** POST /admin/contact/messages/{id}/reply */
export const contactReplyBodySchema = z
  .strictObject({
    reply: z
      .string()
      .trim()
      .min(1, 'Write a reply')
      .max(contactLimits.replyMax, `Reply must be at most ${contactLimits.replyMax} characters`),
  })
  .meta({
    examples: [
      {
        reply:
          'Hello Ada,\n\nYes: upload a front-facing, full-body photo of a person who agreed to it, or pick one of our models.\n\nBest regards,\nLumen Studio support',
      },
    ],
  });
export type ContactReplyBody = z.input<typeof contactReplyBodySchema>;

/** POST /admin/contact/messages/{id}/grant-credits: the FREE CREDITS of the pricing page, once per message. */
export const contactGrantBodySchema = z
  .strictObject({
    amount: z
      .number()
      .int('Credits must be a whole number')
      .min(1, 'Grant at least 1 credit')
      .max(contactLimits.grantMax, `At most ${contactLimits.grantMax} credits`),
    reason: z
      .string()
      .trim()
      .min(3, 'Give a reason')
      .max(contactLimits.reasonMax, `Reason must be at most ${contactLimits.reasonMax} characters`),
  })
  .meta({ examples: [{ amount: 10, reason: 'Sorry for the failed speed-painting jobs' }] });
export type ContactGrantBody = z.input<typeof contactGrantBodySchema>;
