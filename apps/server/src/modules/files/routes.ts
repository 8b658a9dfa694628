import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { parseByteRange } from './byte-range.ts';
import { contentDisposition } from './signed-links.ts';

export const LINK_INVALID_MESSAGE = 'This link has expired or is not valid; open the file again from the app';

/** GET /files/{token}: serves a signed link, with Range support for seeking in videos and audio. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:token',
    {
      schema: {
        tags: ['jobs'],
        summary: 'A stored file through a short-lived signed link (Range requests supported)',
        params: z.strictObject({ token: z.string().min(1).max(2000) }),
      },
    },
    async (request, reply) => {
      const claims = app.fileLinks.verify(request.params.token);
      if (!claims) throw new AppError('FORBIDDEN', 403, LINK_INVALID_MESSAGE);
      const size = await app.storage.size(claims.key);
      if (size === null) throw new AppError('NOT_FOUND', 404, 'This file no longer exists');
      reply
        .header('content-type', claims.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(claims.disposition, claims.fileName));
      const range = parseByteRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${size}`).send();
      }
      if (range) {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(app.storage.stream(claims.key, range));
      }
      return reply.header('content-length', String(size)).send(app.storage.stream(claims.key));
    },
  );
};
