import { z } from 'zod';
import { paginatedSchema, paginationQueryShape } from '../http/pagination.ts';
import { outputKinds } from '../jobs/schemas.ts';
import { serviceKeys } from '../services/catalogue.ts';
import type { ServiceKey } from '../services/catalogue.ts';
import { communityLimits } from './limits.ts';

/** Community gallery and prompt search (issue 8, part 4). Text fields are plain text: clients render them escaped. */

export const postStatuses = ['published', 'hidden', 'deleted'] as const;
export type PostStatus = (typeof postStatuses)[number];
export const moderationStates = ['new', 'approved'] as const;
export type ModerationState = (typeof moderationStates)[number];
export const moderationActions = ['approve', 'hide', 'delete'] as const;
export type ModerationAction = (typeof moderationActions)[number];
export const gallerySorts = ['newest', 'likes'] as const;
export type GallerySort = (typeof gallerySorts)[number];

/** Tools whose job params carry the prompt; for the others the person writes one when publishing. */
export const promptServices: readonly ServiceKey[] = ['image-generator', 'sound-generator'];
export const hasOwnPrompt = (service: string): boolean => (promptServices as readonly string[]).includes(service);

export { communityLimits } from './limits.ts';

export const communityMessages = {
  jobNotFinished: 'Only a finished result can be published',
  alreadyPublished: 'This result is already shared in the community',
  promptRequired: 'Describe your result: this tool has no prompt to share',
  promptNotAllowed: 'This tool shares the prompt you used; it cannot be replaced',
  noOutput: 'This result has no file to share',
  postNotFound: 'Post not found',
  alreadyReported: 'You have already reported this post',
  ownPost: 'You cannot report your own post',
} as const;

// C0 controls other than tab, newline and carriage return have no place in a title or a prompt.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const plainText = (label: string, max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, min <= 1 ? `${label} must not be empty` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !controlCharacters.test(value), `${label} contains characters that are not allowed`);

export const postTitleSchema = plainText('Title', communityLimits.titleMax);
export const postPromptSchema = plainText('Description', communityLimits.promptMax);
export const reportReasonSchema = plainText('Reason', communityLimits.reasonMax, communityLimits.reasonMin);

export const publishPostBodySchema = z
  .strictObject({
    jobId: z.uuid('Not a job id'),
    outputId: z.uuid('Not an output id').optional(),
    title: postTitleSchema.optional(),
    /** Only for tools without a prompt of their own (see promptServices). */
    prompt: postPromptSchema.optional(),
  })
  .meta({
    examples: [
      {
        jobId: '3f0b9a52-6c1e-4f7a-9a43-1c2d3e4f5a6b',
        outputId: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
        title: 'Lighthouse at dawn, in watercolour',
      },
    ],
  });
export type PublishPostBody = z.input<typeof publishPostBodySchema>;

export const reportPostBodySchema = z
  .strictObject({ reason: reportReasonSchema })
  .meta({ examples: [{ reason: "Copied from another artist's work without credit" }] });
export type ReportPostBody = z.input<typeof reportPostBodySchema>;

export const moderatePostBodySchema = z.strictObject({ reason: reportReasonSchema });
export type ModeratePostBody = z.input<typeof moderatePostBodySchema>;

export const postIdParamsSchema = z.strictObject({ id: z.uuid('Not a post id') });

const toolFilter = z.enum(serviceKeys).optional();

export const galleryQuerySchema = z.strictObject({
  tool: toolFilter,
  sort: z.enum(gallerySorts).default('newest'),
  ...paginationQueryShape,
});
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;

export const searchQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, 'Type something to search for')
    .max(communityLimits.queryMax, `Search at most ${communityLimits.queryMax} characters`),
  tool: toolFilter,
  ...paginationQueryShape,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const moderationQueueQuerySchema = z.strictObject({
  /** queue: new or reported, still published; hidden; all. */
  filter: z.enum(['queue', 'hidden', 'all']).default('queue'),
  ...paginationQueryShape,
});
export type ModerationQueueQuery = z.infer<typeof moderationQueueQuerySchema>;

export const communityMediaSchema = z.object({
  kind: z.enum(outputKinds),
  contentType: z.string(),
  /** Where the picture, video or sound plays; null for report results (the title and prompt stand alone). */
  url: z.string().nullable(),
});

export const communityPostSchema = z.object({
  id: z.uuid(),
  service: z.enum(serviceKeys),
  title: z.string().nullable(),
  prompt: z.string(),
  /** Whether the prompt can be run again in the tool ('Use this prompt'). */
  isToolPrompt: z.boolean(),
  author: z.object({ name: z.string() }),
  /** Published by the team to show what the tools make; shown until users share their own. */
  featured: z.boolean(),
  media: communityMediaSchema,
  likes: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  isMine: z.boolean(),
  status: z.enum(postStatuses),
  moderation: z.enum(moderationStates),
  createdAt: z.string(),
  /** Search relevance (search results only). */
  rank: z.number().optional(),
});
export type CommunityPost = z.infer<typeof communityPostSchema>;
export const paginatedPostsSchema = paginatedSchema(communityPostSchema);

export const likeStateSchema = z.object({ liked: z.boolean(), likes: z.number().int().nonnegative() });
export type LikeState = z.infer<typeof likeStateSchema>;

export const reportResultSchema = z.object({ reported: z.literal(true) });

export const moderationReportSchema = z.object({ reason: z.string(), reporter: z.string(), createdAt: z.string() });
export const moderationEntrySchema = z.object({
  action: z.enum(moderationActions),
  reason: z.string(),
  admin: z.string().nullable(),
  createdAt: z.string(),
});

export const moderationPostSchema = communityPostSchema.extend({
  author: z.object({ name: z.string(), email: z.string(), id: z.uuid() }),
  openReports: z.number().int().nonnegative(),
  reports: z.array(moderationReportSchema),
  history: z.array(moderationEntrySchema),
});
export type ModerationPost = z.infer<typeof moderationPostSchema>;
export const paginatedModerationPostsSchema = paginatedSchema(moderationPostSchema);
