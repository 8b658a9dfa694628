import { z } from 'zod';
import { isWithinScheduleYears, scheduleYearsMessage } from '../http/date-bounds.ts';
import { paginatedSchema, paginationQueryShape } from '../http/pagination.ts';

export const postStatuses = ['draft', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];

export const blogLimits = {
  titleMax: 160,
  slugMax: 120,
  excerptMax: 400,
  /** Markdown source of one post: 200 000 characters (a long article is ~30 000). */
  bodyMax: 200_000,
  tagMax: 40,
  tagsMax: 10,
  authorMax: 120,
  seoTitleMax: 70,
  seoDescriptionMax: 200,
  relatedCount: 3,
} as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A URL slug from a title: lower-case ASCII words joined by hyphens. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, blogLimits.slugMax)
    .replace(/-+$/, '');
}

export const slugSchema = z
  .string()
  .trim()
  .min(1, 'Slug is required')
  .max(blogLimits.slugMax, `Slug must be at most ${blogLimits.slugMax} characters`)
  .regex(SLUG_PATTERN, 'Slug may contain only lower-case letters, digits and single hyphens');

const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Tags cannot be empty')
  .max(blogLimits.tagMax, `Each tag must be at most ${blogLimits.tagMax} characters`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, 'Tags may contain letters, digits, spaces and hyphens');

/** POST /admin/blog/posts and PUT /admin/blog/posts/{slug} */
export const postBodySchema = z
  .strictObject({
    title: z
      .string()
      .trim()
      .min(1, 'Title is required')
      .max(blogLimits.titleMax, `Title must be at most ${blogLimits.titleMax} characters`),
    slug: slugSchema,
    excerpt: z.string().trim().max(blogLimits.excerptMax, `Excerpt must be at most ${blogLimits.excerptMax} characters`).default(''),
    body: z
      .string()
      .min(1, 'Write the article')
      .max(blogLimits.bodyMax, `The article must be at most ${blogLimits.bodyMax.toLocaleString('en-US')} characters`),
    // Duplicates removed with a check (overwrite), not a transform, so the body keeps its OpenAPI examples.
    tags: z
      .array(tagSchema)
      .max(blogLimits.tagsMax, `At most ${blogLimits.tagsMax} tags`)
      .overwrite((tags) => [...new Set(tags)])
      .default([]),
    authorName: z
      .string()
      .trim()
      .min(1, 'Author is required')
      .max(blogLimits.authorMax, `Author must be at most ${blogLimits.authorMax} characters`),
    status: z.enum(postStatuses, { error: 'Status must be draft or published' }),
    /** ISO date-time; a published post with a future date goes live then. Empty: now, on publish. */
    publishAt: z.iso
      .datetime({ offset: true, error: 'Publish date must be a date and time' })
      .refine(isWithinScheduleYears, scheduleYearsMessage('Publish date'))
      .nullable()
      .default(null),
    seoTitle: z.string().trim().max(blogLimits.seoTitleMax, `SEO title must be at most ${blogLimits.seoTitleMax} characters`).default(''),
    seoDescription: z
      .string()
      .trim()
      .max(blogLimits.seoDescriptionMax, `SEO description must be at most ${blogLimits.seoDescriptionMax} characters`)
      .default(''),
    /** A cover uploaded through POST /admin/blog/covers (its key), or null for none. */
    coverImage: z
      .string()
      .regex(/^blog-covers\/[a-f0-9]{32}\.webp$/, 'Upload the cover image first')
      .nullable()
      .default(null),
  })
  .meta({
    examples: [
      {
        title: 'Five product photos you can fix with AI Background',
        slug: 'five-product-photos-ai-background',
        excerpt: 'A cluttered table, a bad window, a busy street: what AI Background cleans up, and how.',
        body: '## 1. The kitchen table\n\nShoot where the light is good and let **AI Background** remove the rest.\n\n## 2. The busy street\n\n…',
        tags: ['ai background', 'product photos'],
        authorName: 'Lumen Studio team',
        status: 'published',
        publishAt: '2026-12-01T09:00:00Z',
        seoTitle: 'Fix five product photos with AI Background',
        seoDescription: 'Five everyday product photos and how AI Background turns each one into a clean catalogue picture.',
        coverImage: 'blog-covers/3f9a2c7e51d84b6a9e0c1d2f3a4b5c6d.webp',
      },
    ],
  });
export type PostBody = z.input<typeof postBodySchema>;
export type PostBodyParsed = z.output<typeof postBodySchema>;

export const postSlugParamsSchema = z.strictObject({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(blogLimits.slugMax + 10),
});

/** GET /blog/posts?page&limit&tag */
export const publicPostsQuerySchema = z.strictObject({
  ...paginationQueryShape,
  tag: z.string().trim().toLowerCase().max(blogLimits.tagMax).optional(),
});
export type PublicPostsQuery = { tag?: string; page?: number; limit?: number };

/** GET /admin/blog/posts?page&limit&status&search */
export const adminPostsQuerySchema = z.strictObject({
  ...paginationQueryShape,
  status: z.enum(postStatuses).optional(),
  search: z.string().trim().max(200).optional(),
});
export type AdminPostsQuery = { status?: PostStatus; search?: string; page?: number; limit?: number };

export const postSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverImageUrl: z.string().nullable(),
  tags: z.array(z.string()),
  authorName: z.string(),
  publishedAt: z.string().nullable(),
  readingMinutes: z.number().int(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const publicPostSchema = postSummarySchema.extend({
  /** Rendered and sanitised HTML. */
  html: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  related: z.array(postSummarySchema),
});
export type PublicPost = z.infer<typeof publicPostSchema>;

export const publicPostListSchema = paginatedSchema(postSummarySchema).extend({ tags: z.array(z.string()) });
export type PublicPostList = z.infer<typeof publicPostListSchema>;

export const adminPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  body: z.string(),
  coverImage: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  tags: z.array(z.string()),
  authorName: z.string(),
  status: z.enum(postStatuses),
  publishAt: z.string().nullable(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  readingMinutes: z.number().int(),
  /** published and its date has come. */
  isLive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPost = z.infer<typeof adminPostSchema>;
export const adminPostListSchema = paginatedSchema(adminPostSchema.omit({ body: true }));
export type AdminPostList = z.infer<typeof adminPostListSchema>;

export const coverUploadSchema = z.object({ coverImage: z.string(), coverImageUrl: z.string() });
export type CoverUpload = z.infer<typeof coverUploadSchema>;
