import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, updateProfileBodySchema, userSchema } from '@lumen/core/users/schemas';
import { AppError } from '../../plugins/app-error.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import { multipartBodyDoc } from '../../lib/multipart-body-doc.ts';
import { failures, ok } from '../../lib/route-schemas.ts';
import { AVATAR_TOO_LARGE_MESSAGE } from './avatar-image.ts';
import { createUsersService } from './users.service.ts';
import type { FindUserWithCredit } from './users.service.ts';

const AVATAR_FIELD = 'profileImage';

export const usersRoutes: FastifyPluginAsyncZod<{ findUserWithCredit: FindUserWithCredit }> = async (app, { findUserWithCredit }) => {
  const service = createUsersService({ db: app.db, dataDir: app.config.dataDir, findUserWithCredit });
  const tags = ['users'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/me',
    {
      preHandler: requireAuth,
      schema: {
        operationId: 'users.me.get',
        tags,
        security,
        summary: 'The signed-in user',
        response: { 200: ok(userSchema), ...failures(401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.getUser(currentUser(request).id) }),
  );

  app.put(
    '/user/me',
    {
      preHandler: requireAuth,
      schema: {
        operationId: 'users.me.update',
        tags,
        security,
        summary: 'Change your first or last name',
        body: updateProfileBodySchema,
        response: { 200: ok(userSchema), ...failures(400, 401, 413, 415, 429) },
      },
    },
    async (request) => {
      const user = await service.updateProfile(currentUser(request).id, request.body);
      return { success: true as const, data: user, message: 'Profile updated successfully' };
    },
  );

  // Multipart is accepted only here: every other route answers 415 to it.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 1024, headerPairs: 100 },
    });

    scope.post(
      '/user/me/avatar',
      {
        preHandler: requireAuth,
        config: { multipartBody: multipartBodyDoc({ field: AVATAR_FIELD, description: 'A PNG, JPEG or WebP image, max 5 MB' }) },
        schema: {
          operationId: 'users.me.uploadAvatar',
          tags,
          security,
          summary: 'Upload a profile image (multipart field profileImage: PNG, JPEG or WebP, max 5 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: ok(userSchema), ...failures(400, 401, 413, 415, 422, 429) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the image as multipart/form-data in the profileImage field');
        }
        const file = await request.file();
        if (!file || file.fieldname !== AVATAR_FIELD) {
          file?.file.resume();
          const message = 'Please choose an image file';
          throw new AppError('VALIDATION_ERROR', 400, `${AVATAR_FIELD}: ${message}`, {
            details: [{ field: AVATAR_FIELD, message }],
          });
        }
        let image: Buffer;
        try {
          image = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('PAYLOAD_TOO_LARGE', 413, AVATAR_TOO_LARGE_MESSAGE);
          }
          throw error;
        }
        const user = await service.replaceAvatar(currentUser(request).id, image);
        return { success: true as const, data: user, message: 'Profile image updated' };
      },
    );
  });
};
