import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadLimits, uploadPurposes, uploadSchema } from '@lumen/core/jobs/schemas';
import type { UploadPurpose } from '@lumen/core/jobs/schemas';
import { apiKeyAccess, jwtOrApiKeySecurity } from '../../lib/api-key-access.ts';
import { multipartBodyDoc } from '../../lib/multipart-body-doc.ts';
import { failures, ok } from '../../lib/route-schemas.ts';
import { AppError } from '../../plugins/app-error.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import { uploadMessages } from '../files/index.ts';
import { createUploadsService } from './uploads.service.ts';
import { fileLinksOf, storageOf } from '../files/index.ts';

const FILE_FIELD = 'file';
const NOT_MULTIPART_MESSAGE = 'Send the file as multipart/form-data in the file field';

/** POST /uploads: images (png, jpeg, webp judged by content) and transcripts for jobs. */
export const jobUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUploadsService({ db: app.db, storage: storageOf(app), links: fileLinksOf(app) });
  await app.register(multipart, {
    // One byte over the largest limit tells "too large" apart from "exactly at the limit".
    limits: { fileSize: uploadLimits.imageMaxBytes, files: 1, fields: 5, parts: 10, fieldSize: 1024, headerPairs: 100 },
  });

  app.post(
    '/uploads',
    {
      onRequest: requireAuth,
      config: {
        ...apiKeyAccess,
        multipartBody: multipartBodyDoc(
          {
            field: FILE_FIELD,
            description:
              'A png, jpeg or webp image (max 15 MB, 40 MP, at least 64×64), or with purpose transcript a .txt, .vtt or .srt file (max 1 MB)',
          },
          z.object({ purpose: z.enum(uploadPurposes).default('image').describe('What the file is for') }),
        ),
      },
      schema: {
        operationId: 'uploads.create',
        tags: ['jobs'],
        security: jwtOrApiKeySecurity,
        summary: 'Upload an image (png, jpeg, webp; max 15 MB, 40 MP, min 64×64) or a transcript (.txt/.vtt/.srt, max 1 MB)',
        consumes: ['multipart/form-data'],
        headers: z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() }).loose(),
        response: { 201: ok(uploadSchema), ...failures(400, 401, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, NOT_MULTIPART_MESSAGE);
      let purpose: UploadPurpose = 'image';
      let file: { name: string; data: Buffer } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== FILE_FIELD || file) {
              part.file.resume();
              continue;
            }
            const data = await part.toBuffer();
            file = { name: part.filename, data };
          } else if (part.fieldname === 'purpose') {
            const parsed = z.enum(uploadPurposes).safeParse(part.value);
            if (!parsed.success) {
              const message = `purpose must be one of ${uploadPurposes.join(', ')}`;
              throw new AppError('VALIDATION_ERROR', 400, message, { details: [{ field: 'purpose', message }] });
            }
            purpose = parsed.data;
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 413, uploadMessages.imageTooLarge);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw new AppError('PAYLOAD_TOO_LARGE', 413, 'Send one file per upload');
        }
        throw error;
      }
      if (!file) {
        const message = 'Please choose a file';
        throw new AppError('VALIDATION_ERROR', 400, `${FILE_FIELD}: ${message}`, { details: [{ field: FILE_FIELD, message }] });
      }
      if (purpose === 'transcript' && file.data.length > uploadLimits.transcriptMaxBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', 413, uploadMessages.transcriptTooLarge);
      }
      const { upload, isReplay } = await service.createUpload({
        userId: currentUser(request).id,
        purpose,
        fileName: file.name,
        data: file.data,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ success: true as const, data: upload });
    },
  );
};
