import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDataMessages, deleteAccountBodySchema, deletionCodeSentSchema, noFieldsBodySchema } from '@lumen/core/users/account-data';
import { emptyData, failures, mediaResponse, ok } from '../../lib/route-schemas.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import { clientInfo } from '../auth/index.ts';
import { createOneTimeCodes } from '../auth/index.ts';
import { createPasswordHasher } from '../auth/index.ts';
import { clearRefreshCookie } from '../auth/index.ts';
import { createDeletionService } from './deletion.service.ts';
import { createExportService } from './export.service.ts';

/** People's data (issue 9 part 5): download everything held about you, or delete your account. */
export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config, clock, mailer, log } = app;
  const exports = createExportService({ db, storage, dataDir: config.dataDir, clock });
  const deletion = createDeletionService({
    db,
    storage,
    dataDir: config.dataDir,
    hasher: createPasswordHasher({ isCheap: config.nodeEnv === 'test' }),
    codes: createOneTimeCodes({ db, secret: config.jwtSecret, clock, limits: config.clientLimits }),
    mailer,
    log,
  });
  const tags = ['users'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/user/me/export',
    {
      preHandler: requireAuth,
      schema: {
        operationId: 'users.me.exportData',
        tags,
        security,
        summary: 'Download everything held about you as one zip (JSON files, a README and your files); once per 10 minutes',
        body: noFieldsBodySchema.nullish().meta({ examples: [{}] }),
        response: {
          200: mediaResponse('A zip: JSON files, a README and your files', ['application/zip']),
          ...failures(400, 401, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { stream, fileName } = await exports.exportData(currentUser(request).id, clientInfo(request));
      stream.on('error', (error) => request.log.error({ err: error }, 'personal data archive failed while streaming'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/user/me/delete/code',
    {
      preHandler: requireAuth,
      schema: {
        operationId: 'users.me.requestDeletionCode',
        tags,
        security,
        summary: 'E-mail a 6-digit code to confirm deleting an account that has no password',
        body: noFieldsBodySchema.nullish().meta({ examples: [{}] }),
        response: { 200: ok(deletionCodeSentSchema), ...failures(400, 401, 409, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deletion.sendDeletionCode(currentUser(request).id),
      message: accountDataMessages.codeSent,
    }),
  );

  app.post(
    '/user/me/delete',
    {
      preHandler: requireAuth,
      schema: {
        operationId: 'users.me.delete',
        tags,
        security,
        summary: 'Delete your account (password, or the e-mailed code when there is none); orders and the credit ledger stay, anonymised',
        body: deleteAccountBodySchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      await deletion.deleteAccount(currentUser(request).id, request.body);
      clearRefreshCookie(reply, config.nodeEnv);
      return { success: true as const, data: null, message: accountDataMessages.deleted };
    },
  );
};
