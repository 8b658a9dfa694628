import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettingsSchema, toPublicSettings } from '@lumen/core/settings/platform-settings';
import { failures, ok } from '../../lib/route-schemas.ts';
import { getPlatformSettings } from './settings.service.ts';

/** GET /settings/public: the banner, sign-up state, links and limits every page may show. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    {
      schema: {
        operationId: 'settings.getPublic',
        security: [],
        tags: ['settings'],
        summary: 'Public platform settings: maintenance banner, sign-ups open, free credits, crypto threshold, links',
        response: { 200: ok(publicSettingsSchema), ...failures(429) },
      },
    },
    async () => ({ success: true as const, data: toPublicSettings(await getPlatformSettings(app.db)) }),
  );
};
