import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSettingsSchema, platformSettingsSchema, publicSettingsSchema, settingsMessages, toPublicSettings } from '@lumen/core/settings/platform-settings';
import { failures, ok } from '../../lib/route-schemas.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { auditActorOf } from '../audit/index.ts';
import { getAdminSettings, getPlatformSettings, updatePlatformSettings } from './settings.service.ts';

/** GET /settings/public: the banner, sign-up state, links and limits every page may show. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'Public platform settings: maintenance banner, sign-ups open, free credits, crypto threshold, links',
        response: { 200: ok(publicSettingsSchema), ...failures(429) },
      },
    },
    async () => ({ success: true as const, data: toPublicSettings(await getPlatformSettings(app.db)) }),
  );
};

/** GET/PUT /admin/settings (ADMIN only). */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/settings',
    {
      schema: {
        tags,
        security,
        summary: 'The platform settings and their last change',
        response: { 200: ok(adminSettingsSchema), ...failures(401, 403, 429) },
      },
    },
    async () => ({ success: true as const, data: await getAdminSettings(app.db) }),
  );

  app.put(
    '/admin/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the platform settings (audited with before and after)',
        body: platformSettingsSchema,
        response: { 200: ok(adminSettingsSchema), ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updatePlatformSettings(app.db, auditActorOf(request), request.body),
      message: settingsMessages.saved,
    }),
  );
};
