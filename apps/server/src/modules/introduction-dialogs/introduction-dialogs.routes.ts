import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { introductionDialogDismissSchema, introductionDialogParamsSchema, introductionDialogSchema } from '@lumen/core/jobs/schemas';
import { failures, ok } from '../../lib/route-schemas.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import { dismissIntroductionDialog, getIntroductionDialog } from './introduction-dialogs.service.ts';

export const introductionDialogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['jobs'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/introduction-dialogs/:service',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'introductionDialogs.get',
        tags,
        security,
        summary: "A tool's introduction dialog and whether you have dismissed it",
        params: introductionDialogParamsSchema,
        response: { 200: ok(introductionDialogSchema), ...failures(400, 401, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getIntroductionDialog(
        app.db,
        currentUser(request).id,
        request.params.service,
        app.config.clientLimits.freeJobsPerAccount.max,
      ),
    }),
  );

  app.post(
    '/introduction-dialogs/:service/dismiss',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'introductionDialogs.dismiss',
        tags,
        security,
        summary: "Dismiss a tool's introduction dialog for good",
        params: introductionDialogParamsSchema,
        response: { 200: ok(introductionDialogDismissSchema), ...failures(400, 401, 429) },
      },
    },
    async (request) => {
      await dismissIntroductionDialog(app.db, currentUser(request).id, request.params.service);
      return { success: true as const, data: { seen: true as const } };
    },
  );
};
