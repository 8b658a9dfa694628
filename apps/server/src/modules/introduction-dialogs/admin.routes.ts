import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminIntroductionDialogSchema,
  introductionDialogParamsSchema,
  updateIntroductionDialogBodySchema,
} from '@lumen/core/jobs/schemas';
import { failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import { createIntroductionDialogsAdminService } from './introduction-dialogs-admin.service.ts';

/** /admin/introduction-dialogs: the onboarding dialog of every tool, edited and audited. */
export const adminIntroductionDialogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const dialogs = createIntroductionDialogsAdminService({ db: app.db });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/introduction-dialogs',
    {
      schema: {
        operationId: 'admin.introductionDialogs.list',
        tags,
        security,
        summary: 'The onboarding dialog of every tool',
        response: { 200: ok(z.array(adminIntroductionDialogSchema)), ...failures(401, 403, 429) },
      },
    },
    async () => ({ success: true as const, data: await dialogs.list() }),
  );

  app.put(
    '/introduction-dialogs/:service',
    {
      schema: {
        operationId: 'admin.introductionDialogs.update',
        tags,
        security,
        summary: 'Edit a tool’s onboarding dialog (title, plain-text body, enabled)',
        params: introductionDialogParamsSchema,
        body: updateIntroductionDialogBodySchema,
        response: { 200: ok(adminIntroductionDialogSchema), ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await dialogs.update(auditActorOf(request), request.params.service, request.body),
      message: 'Introduction dialog saved',
    }),
  );
};
