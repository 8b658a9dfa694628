import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { failures, mediaResponse, redirectResponse } from '../../lib/route-schemas.ts';
import { parseByteRange } from './byte-range.ts';
import { contentDisposition } from './signed-links.ts';

/** A presigned store URL never outlives the download link it was made from, nor this. */
const DIRECT_LINK_MAX_SECONDS = 300;

/**
 * What signed links serve, each with its own Content-Type: results (images, videos, sound, the sales report as
 * HTML and JSON), their previews, uploads (pictures and transcripts), receipts; anything else as octet-stream.
 */
const binaryMediaTypes = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'audio/flac',
  'application/pdf',
  'application/octet-stream',
];
const textMediaTypes = ['text/html', 'text/plain', 'text/vtt', 'application/x-subrip'];

function servedFile(description: string) {
  return {
    description,
    content: {
      ...mediaResponse(description, binaryMediaTypes).content,
      ...mediaResponse(description, textMediaTypes, 'text').content,
      // A stream in the handler, as the binary bodies: the schema documents, it does not type the reply.
      'application/json': { schema: z.any().meta({ type: 'object' }) },
    },
  };
}

export const LINK_INVALID_MESSAGE = 'This link has expired or is not valid; open the file again from the app';

/**
 * GET /files/{token}: serves a signed link, with Range support for seeking in videos and audio.
 * Inline files (previews) always stream through here, so they stay same-origin for the page's CSP;
 * attachments redirect to the store's own presigned URL when the driver has one (S3).
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:token',
    {
      schema: {
        operationId: 'files.get',
        security: [],
        tags: ['jobs'],
        summary: 'A stored file through a short-lived signed link (Range requests supported)',
        params: z.strictObject({ token: z.string().min(1).max(2000) }),
        response: {
          200: servedFile('The file, with its own Content-Type and Content-Disposition'),
          206: servedFile('The requested byte range'),
          302: redirectResponse("A download served by the store itself (S3's presigned GET)"),
          ...failures(403, 404),
          416: z.null().describe('The Range is outside the file (Content-Range: bytes */<size>)'),
        },
      },
    },
    async (request, reply) => {
      const claims = app.fileLinks.verify(request.params.token);
      if (!claims) throw new AppError('FORBIDDEN', 403, LINK_INVALID_MESSAGE);
      const size = await app.storage.size(claims.key);
      if (size === null) throw new AppError('NOT_FOUND', 404, 'This file no longer exists');
      if (claims.disposition === 'attachment') {
        // Downloads come from the store itself when it can (S3: a presigned GET living no longer than this link).
        const secondsLeft = Math.min(DIRECT_LINK_MAX_SECONDS, claims.expiresAt - Math.floor(app.clock().getTime() / 1000));
        const direct = await app.storage.directLink(claims.key, {
          contentType: claims.contentType,
          disposition: claims.disposition,
          fileName: claims.fileName,
          expiresInSeconds: secondsLeft,
        });
        if (direct) return reply.header('cache-control', 'no-store').redirect(direct, 302);
      }
      reply
        .header('content-type', claims.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(claims.disposition, claims.fileName));
      const range = parseByteRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${size}`)
          .send(undefined as never); // no body
      }
      if (range) {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(await app.storage.stream(claims.key, range));
      }
      return reply.header('content-length', String(size)).send(await app.storage.stream(claims.key));
    },
  );
};
