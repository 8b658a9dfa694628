import { z } from 'zod';
import { paginatedSchema, paginationQueryShape } from '../http/pagination.ts';

/** One support conversation per account: the user writes from the dashboard, admins answer from /admin. */
export const supportLimits = { bodyMax: 4000, previewMax: 160 } as const;

/** Per account: this many messages per window, counted atomically (limit_counters), then 429. */
export const SUPPORT_MESSAGE_LIMIT = { max: 10, windowMs: 10 * 60_000 } as const;

// C0 and C1 control characters except tab and newline, plus zero-width and bidirectional overrides.
// eslint-disable-next-line no-control-regex
const invisible = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** Plain text as it is stored: line breaks as \n, no control or direction-changing characters, at most two empty lines in a row. */
export function cleanSupportText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(invisible, '')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
}

/** POST /support/conversation/messages and POST /admin/support/conversations/{userId}/messages */
export const supportMessageBodySchema = z
  .strictObject({
    body: z
      .string()
      .trim()
      .min(1, 'Write a message')
      .max(supportLimits.bodyMax, `A message can be at most ${supportLimits.bodyMax.toLocaleString('en-US')} characters`)
      // Stored as cleanSupportText(body): a message of only invisible characters is empty.
      .refine((value) => cleanSupportText(value).length > 0, 'Write a message'),
  })
  .meta({ examples: [{ body: 'Hello, my sound generation failed twice today; were the credits refunded?' }] });
export type SupportMessageBody = z.input<typeof supportMessageBodySchema>;

export const supportAuthors = ['user', 'support'] as const;
export type SupportAuthor = (typeof supportAuthors)[number];

export const supportMessageSchema = z.object({
  id: z.string(),
  /** `user`: the account's owner; `support`: an admin (shown as the support team, never by name). */
  author: z.enum(supportAuthors),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** GET /support/conversation: every message, oldest first, and how many answers the user has not read. */
export const supportConversationSchema = z.object({
  messages: z.array(supportMessageSchema),
  unread: z.number().int(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const supportUnreadSchema = z.object({ unread: z.number().int() });
export type SupportUnread = z.infer<typeof supportUnreadSchema>;

/** GET /admin/support/unread: messages from users no admin has read, and in how many conversations. */
export const adminSupportUnreadSchema = z.object({ unread: z.number().int(), conversations: z.number().int() });
export type AdminSupportUnread = z.infer<typeof adminSupportUnreadSchema>;

const supportUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const supportConversationSummarySchema = z.object({
  user: supportUserSchema,
  lastMessage: z.object({ author: z.enum(supportAuthors), preview: z.string(), createdAt: z.string() }),
  messageCount: z.number().int(),
  /** The user's messages no admin has read yet. */
  unread: z.number().int(),
});
export type SupportConversationSummary = z.infer<typeof supportConversationSummarySchema>;
export const supportConversationListSchema = paginatedSchema(supportConversationSummarySchema);
export type SupportConversationList = z.infer<typeof supportConversationListSchema>;

export const supportConversationListQuerySchema = z.strictObject({
  ...paginationQueryShape,
  /** `true`: only conversations with unread messages. */
  unread: z.enum(['true', 'false']).optional(),
});
export type SupportConversationListQuery = { page?: number; limit?: number; unread?: 'true' | 'false' };

/** GET /admin/support/conversations/{userId} */
export const adminSupportConversationSchema = z.object({
  user: supportUserSchema,
  messages: z.array(supportMessageSchema),
  unread: z.number().int(),
});
export type AdminSupportConversation = z.infer<typeof adminSupportConversationSchema>;

export const supportUserParamsSchema = z.strictObject({ userId: z.uuid('Unknown conversation') });
