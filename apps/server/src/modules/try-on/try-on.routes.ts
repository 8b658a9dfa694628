import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tryOnGarmentSchema, tryOnModelSchema } from '@lumen/core/jobs/schemas';
import type { GarmentCategory } from '@lumen/core/services/virtual-try-on-params';
import { failures, ok } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/guards.ts';
import type { FileLinks } from '../files/index.ts';
import { tryOnGarments, tryOnModels } from './tables.ts';
import type { TryOnCatalogueRow } from './tables.ts';
import { fileLinksOf } from '../files/index.ts';

/** The picture of a catalogue item through a short-lived signed link (the content type is sniffed by sharp on upload). */
export function catalogueImageUrl(row: TryOnCatalogueRow, links: FileLinks): string {
  return links.sign({ key: row.storageKey, contentType: 'image/png', disposition: 'inline' }).url;
}

export const tryOnRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['jobs'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/try-on/models',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'tryOn.listModels',
        tags,
        security,
        summary: 'Active try-on models',
        response: { 200: ok(z.array(tryOnModelSchema)), ...failures(401, 429) },
      },
    },
    async () => {
      const rows = await app.db.select().from(tryOnModels).where(eq(tryOnModels.isActive, true)).orderBy(asc(tryOnModels.name));
      return {
        success: true as const,
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          category: row.category,
          imageUrl: catalogueImageUrl(row, fileLinksOf(app)),
        })),
      };
    },
  );

  app.get(
    '/try-on/garments',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'tryOn.listGarments',
        tags,
        security,
        summary: 'Active garments of the clothing catalogue',
        response: { 200: ok(z.array(tryOnGarmentSchema)), ...failures(401, 429) },
      },
    },
    async () => {
      const rows = await app.db.select().from(tryOnGarments).where(eq(tryOnGarments.isActive, true)).orderBy(asc(tryOnGarments.name));
      return {
        success: true as const,
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          category: row.category as GarmentCategory,
          imageUrl: catalogueImageUrl(row, fileLinksOf(app)),
        })),
      };
    },
  );
};
