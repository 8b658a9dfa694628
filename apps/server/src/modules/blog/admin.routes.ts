import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPostListSchema,
  adminPostSchema,
  adminPostsQuerySchema,
  coverUploadSchema,
  postBodySchema,
  postSlugParamsSchema,
} from '@lumen/core/content/blog';
import { uploadLimits } from '@lumen/core/jobs/schemas';
import { multipartBodyDoc } from '../../lib/multipart-body-doc.ts';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { AppError } from '../../plugins/app-error.ts';
import { auditActorOf } from '../audit/index.ts';
import { uploadMessages } from '../files/index.ts';
import { createBlogService } from './blog.service.ts';
import { storageOf } from '../files/index.ts';

/** /admin/blog: every post, drafts included; each change audited. */
export const adminBlogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: uploadLimits.imageMaxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024 } });
  const blog = createBlogService({ db: app.db, storage: storageOf(app), clock: app.clock });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/blog/posts',
    {
      schema: {
        operationId: 'admin.blog.listPosts',
        tags,
        security,
        summary: 'Every article, last edited first: filter by status, search title, slug or excerpt',
        querystring: adminPostsQuerySchema,
        response: { 200: ok(adminPostListSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await blog.listForAdmin(request.query) }),
  );

  app.post(
    '/blog/posts',
    {
      schema: {
        operationId: 'admin.blog.createPost',
        tags,
        security,
        summary: 'Write an article (draft or published; a future publish date schedules it)',
        body: postBodySchema,
        response: { 201: ok(adminPostSchema), ...failures(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const post = await blog.create(auditActorOf(request), request.body);
      return reply
        .code(201)
        .send({ success: true as const, data: post, message: post.status === 'published' ? 'Article published' : 'Draft saved' });
    },
  );

  app.get(
    '/blog/posts/:slug',
    {
      schema: {
        operationId: 'admin.blog.getPost',
        tags,
        security,
        summary: 'One article with its markdown',
        params: postSlugParamsSchema,
        response: { 200: ok(adminPostSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await blog.getForAdmin(request.params.slug) }),
  );

  app.put(
    '/blog/posts/:slug',
    {
      schema: {
        operationId: 'admin.blog.updatePost',
        tags,
        security,
        summary: 'Save an article (its slug may change)',
        params: postSlugParamsSchema,
        body: postBodySchema,
        response: { 200: ok(adminPostSchema), ...failures(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      const post = await blog.update(auditActorOf(request), request.params.slug, request.body);
      return { success: true as const, data: post, message: post.status === 'published' ? 'Article published' : 'Draft saved' };
    },
  );

  app.delete(
    '/blog/posts/:slug',
    {
      schema: {
        operationId: 'admin.blog.deletePost',
        tags,
        security,
        summary: 'Delete an article',
        params: postSlugParamsSchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await blog.remove(auditActorOf(request), request.params.slug);
      return { success: true as const, data: null, message: 'Article deleted' };
    },
  );

  app.post(
    '/blog/covers',
    {
      config: {
        multipartBody: multipartBodyDoc({ field: 'file', description: 'A png, jpeg or webp image; stored as WebP, at most 1600 px wide' }),
      },
      schema: {
        operationId: 'admin.blog.uploadCover',
        tags,
        security,
        summary: 'Upload a cover image (png, jpeg or webp judged by content; stored as WebP, max 1600 px wide)',
        consumes: ['multipart/form-data'],
        response: { 201: ok(coverUploadSchema), ...failures(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the image as multipart/form-data in the file field');
      let data: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || data) {
              part.file.resume();
              continue;
            }
            data = await part.toBuffer();
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 413, uploadMessages.imageTooLarge);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw new AppError('PAYLOAD_TOO_LARGE', 413, 'Send one image per upload');
        }
        throw error;
      }
      if (!data)
        throw new AppError('VALIDATION_ERROR', 400, 'file: Please choose an image', {
          details: [{ field: 'file', message: 'Please choose an image' }],
        });
      return reply.code(201).send({ success: true as const, data: await blog.uploadCover(auditActorOf(request), data) });
    },
  );
};
