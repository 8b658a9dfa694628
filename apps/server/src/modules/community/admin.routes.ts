import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  moderatePostBodySchema,
  moderationActions,
  moderationPostSchema,
  moderationQueueQuerySchema,
  paginatedModerationPostsSchema,
  postIdParamsSchema,
} from '@lumen/core/community/schemas';
import type { ModerationAction } from '@lumen/core/community/schemas';
import { failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import { createModerationService } from './moderation.service.ts';
import { fileLinksOf } from '../files/index.ts';

const doneMessages: Record<ModerationAction, string> = {
  approve: 'Post approved',
  hide: 'Post hidden',
  delete: 'Post deleted',
};

const summaries: Record<ModerationAction, string> = {
  approve: 'Approve a post (a hidden one is published again); its open reports are closed',
  hide: 'Hide a post from the gallery, search and its media link at once',
  delete: 'Delete a post for good (the result cannot be shared again)',
};

/** The OpenAPI example of each action's body: the reason the audit log keeps. */
const exampleReasons: Record<ModerationAction, string> = {
  approve: 'Reviewed: the reports were about the style, not the guidelines',
  hide: 'Hidden while we check a copyright claim',
  delete: 'Shows a real person without their consent',
};

/** Community moderation: ADMIN only, checked before the input is validated; every action is audited. */
export const adminCommunityRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createModerationService({ db: app.db, links: fileLinksOf(app) });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/community/queue',
    {
      schema: {
        operationId: 'admin.community.listQueue',
        tags,
        security,
        summary: 'Posts to review: new or reported (most reported first), or the hidden ones, or all',
        querystring: moderationQueueQuerySchema,
        response: { 200: ok(paginatedModerationPostsSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.queue(request.query) }),
  );

  for (const action of moderationActions) {
    app.post(
      `/community/posts/:id/${action}`,
      {
        schema: {
          operationId: `admin.community.${action}Post`,
          tags,
          security,
          summary: summaries[action],
          params: postIdParamsSchema,
          body: moderatePostBodySchema.meta({ examples: [{ reason: exampleReasons[action] }] }),
          response: { 200: ok(moderationPostSchema), ...failures(400, 401, 403, 404, 413, 429) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.moderate(auditActorOf(request), request.params.id, action, request.body.reason),
        message: doneMessages[action],
      }),
    );
  }
};
