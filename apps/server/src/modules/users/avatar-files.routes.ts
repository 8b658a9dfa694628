import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { failures, mediaResponse } from '../../lib/route-schemas.ts';
import { AVATAR_FILE_PATTERN, avatarDirectory } from './avatar-store.ts';

/** Public avatar files: random names, never rewritten, so they are cached for a year. */
export const avatarFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = avatarDirectory(app.config.dataDir);
  const notFound = () => new AppError('NOT_FOUND', 404, 'Image not found');

  app.get(
    '/uploads/avatars/:file',
    {
      schema: {
        operationId: 'users.getAvatar',
        security: [],
        tags: ['uploads'],
        summary: 'A profile image (WebP)',
        params: z.object({ file: z.string().max(100) }),
        response: { 200: mediaResponse('The image', ['image/webp']), ...failures(404) },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!AVATAR_FILE_PATTERN.test(file)) throw notFound();
      const path = join(directory, file);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw notFound();
      return reply
        .type('image/webp')
        .header('content-length', String(info.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(path));
    },
  );
};
