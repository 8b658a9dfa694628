import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { reorderBodySchema } from '@lumen/core/admin/schemas';
import { idParamsSchema } from '@lumen/core/credits/schemas';
import type { Db } from '../../db/database.ts';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';

export type CatalogueService<Item, CreateInput, UpdateInput> = {
  list(): Promise<Item[]>;
  create(actor: AuditActor, input: CreateInput): Promise<Item>;
  update(actor: AuditActor, id: string, input: UpdateInput): Promise<Item>;
  reorder(actor: AuditActor, ids: string[]): Promise<Item[]>;
  archive(actor: AuditActor, id: string): Promise<void>;
};

type CatalogueRoutesConfig<Item extends z.ZodType, List extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType> = {
  /** e.g. '/credit-packages' (under /admin) */
  base: string;
  /** The OpenAPI operationIds' stem, e.g. 'admin.creditPackages' (→ admin.creditPackages.list, .create, ...) */
  operationIds: string;
  /** Reply messages: `${one} created`, `${many} reordered`, ... */
  noun: { one: string; many: string };
  schemas: { item: Item; list: List; create: Create; update: Update };
  summaries: { list: string; create: string; reorder: string; update: string; archive: string };
  createService: (deps: { db: Db }) => CatalogueService<z.output<Item>, z.output<Create>, z.output<Update>>;
};

/** An audited admin catalogue: list, create, reorder, change and archive (DELETE never hard-deletes). */
export function catalogueRoutes<Item extends z.ZodType, List extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType>(
  config: CatalogueRoutesConfig<Item, List, Create, Update>,
): FastifyPluginAsyncZod {
  const { base, noun, summaries, operationIds } = config;
  // The config ties schemas and service together; inside, the handlers only pass values through.
  const schemas: Record<'item' | 'list' | 'create' | 'update', z.ZodType> = config.schemas;
  return async (app) => {
    const service: CatalogueService<unknown, unknown, unknown> = config.createService({ db: app.db });
    const tags = ['admin'];
    const security = [{ bearerAuth: [] }];

    app.get(
      base,
      {
        schema: {
          operationId: `${operationIds}.list`,
          tags,
          security,
          summary: summaries.list,
          response: { 200: ok(schemas.list), ...failures(401, 403, 429) },
        },
      },
      async () => ({ success: true as const, data: await service.list() }),
    );

    app.post(
      base,
      {
        schema: {
          operationId: `${operationIds}.create`,
          tags,
          security,
          summary: summaries.create,
          body: schemas.create,
          response: { 201: ok(schemas.item), ...failures(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        const created = await service.create(auditActorOf(request), request.body);
        return reply.code(201).send({ success: true, data: created, message: `${noun.one} created` });
      },
    );

    app.put(
      `${base}/order`,
      {
        schema: {
          operationId: `${operationIds}.reorder`,
          tags,
          security,
          summary: summaries.reorder,
          body: reorderBodySchema,
          response: { 200: ok(schemas.list), ...failures(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.reorder(auditActorOf(request), request.body.ids),
        message: `${noun.many} reordered`,
      }),
    );

    app.put(
      `${base}/:id`,
      {
        schema: {
          operationId: `${operationIds}.update`,
          tags,
          security,
          summary: summaries.update,
          params: idParamsSchema,
          body: schemas.update,
          response: { 200: ok(schemas.item), ...failures(400, 401, 403, 404, 413, 415, 429) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.update(auditActorOf(request), request.params.id, request.body),
        message: `${noun.one} updated`,
      }),
    );

    app.delete(
      `${base}/:id`,
      {
        schema: {
          operationId: `${operationIds}.archive`,
          tags,
          security,
          summary: summaries.archive,
          params: idParamsSchema,
          response: { 200: ok(emptyData), ...failures(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        await service.archive(auditActorOf(request), request.params.id);
        return { success: true as const, data: null, message: `${noun.one} archived` };
      },
    );
  };
}
