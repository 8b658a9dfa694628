import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTryOnItemFieldsSchema, tryOnCatalogueItemSchema, updateTryOnItemBodySchema, uploadLimits } from '@lumen/core/jobs/schemas';
import { multipartBodyDoc } from '../../lib/multipart-body-doc.ts';
import { failures, ok } from '../../lib/route-schemas.ts';
import { AppError } from '../../plugins/app-error.ts';
import { summarizeIssues } from '../../plugins/errors.ts';
import { auditActorOf } from '../audit/index.ts';
import { uploadMessages } from '../files/index.ts';
import { createTryOnCatalogueService } from './try-on-catalogue.service.ts';
import type { CatalogueKind } from './try-on-catalogue.service.ts';
import { fileLinksOf, storageOf } from '../files/index.ts';

const IMAGE_FIELD = 'image';
const idParamsSchema = z.strictObject({ id: z.uuid('Not a catalogue id') });
const labels = { models: 'Try-on model', garments: 'Garment' } as const;
const operationNouns = { models: 'Model', garments: 'Garment' } as const;
/** The OpenAPI example of each PUT body. */
const updateExamples = {
  models: { name: 'Ava', category: 'dress', isActive: true },
  garments: { name: 'Navy linen shirt', category: 'top', isActive: true },
} as const;

/** GET/POST /admin/try-on/{models,garments} and PUT …/{id}; POST is multipart: image + name + category. */
export const adminTryOnCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTryOnCatalogueService({ db: app.db, storage: storageOf(app), links: fileLinksOf(app) });
  await app.register(multipart, {
    limits: { fileSize: uploadLimits.imageMaxBytes, files: 1, fields: 5, parts: 10, fieldSize: 1024, headerPairs: 100 },
  });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  for (const kind of ['models', 'garments'] as const satisfies readonly CatalogueKind[]) {
    const base = `/try-on/${kind}`;

    app.get(
      base,
      {
        schema: {
          operationId: `admin.tryOn.list${operationNouns[kind]}s`,
          tags,
          security,
          summary: `Every ${labels[kind].toLowerCase()} of the try-on catalogue, active or not`,
          response: { 200: ok(z.array(tryOnCatalogueItemSchema)), ...failures(401, 403, 429) },
        },
      },
      async () => ({ success: true as const, data: await service.list(kind) }),
    );

    app.post(
      base,
      {
        config: {
          multipartBody: multipartBodyDoc({ field: IMAGE_FIELD, description: 'A png, jpeg or webp picture' }, createTryOnItemFieldsSchema),
        },
        schema: {
          operationId: `admin.tryOn.create${operationNouns[kind]}`,
          tags,
          security,
          summary: `Add a ${labels[kind].toLowerCase()}: multipart with the picture in 'image' (png, jpeg, webp), 'name' and 'category'`,
          consumes: ['multipart/form-data'],
          response: { 201: ok(tryOnCatalogueItemSchema), ...failures(400, 401, 403, 413, 415, 422, 429) },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the picture as multipart/form-data in the image field');
        const fields: Record<string, string> = {};
        let image: Buffer | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== IMAGE_FIELD || image) {
                part.file.resume();
                continue;
              }
              image = await part.toBuffer();
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 413, uploadMessages.imageTooLarge);
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
            throw new AppError('PAYLOAD_TOO_LARGE', 413, 'Send one picture with its name and category');
          }
          throw error;
        }
        const parsed = createTryOnItemFieldsSchema.safeParse({ name: fields.name, category: fields.category });
        const details = parsed.success
          ? []
          : parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'body'), message: issue.message }));
        if (!image) details.push({ field: IMAGE_FIELD, message: 'Please choose a picture' });
        if (!parsed.success || !image) throw new AppError('VALIDATION_ERROR', 400, summarizeIssues(details), { details });
        const item = await service.create(auditActorOf(request), kind, { ...parsed.data, image });
        return reply.code(201).send({ success: true as const, data: item, message: `${labels[kind]} added` });
      },
    );

    app.put(
      `${base}/:id`,
      {
        schema: {
          operationId: `admin.tryOn.update${operationNouns[kind]}`,
          tags,
          security,
          summary: `Rename, recategorise, activate or deactivate a ${labels[kind].toLowerCase()}`,
          params: idParamsSchema,
          body: updateTryOnItemBodySchema.meta({ examples: [updateExamples[kind]] }),
          response: { 200: ok(tryOnCatalogueItemSchema), ...failures(400, 401, 403, 404, 413, 415, 429) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.update(auditActorOf(request), kind, request.params.id, request.body),
        message: `${labels[kind]} updated`,
      }),
    );
  }
};
