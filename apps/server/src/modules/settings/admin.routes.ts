import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSettingsSchema, platformSettingsSchema, settingsMessages } from '@lumen/core/settings/platform-settings';
import { failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import { getAdminSettings, updatePlatformSettings } from './settings.service.ts';

/** GET/PUT /admin/settings (ADMIN only). */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/settings',
    {
      schema: {
        operationId: 'admin.settings.get',
        tags,
        security,
        summary: 'The platform settings and their last change',
        response: { 200: ok(adminSettingsSchema), ...failures(401, 403, 429) },
      },
    },
    async () => ({ success: true as const, data: await getAdminSettings(app.db) }),
  );

  app.put(
    '/settings',
    {
      schema: {
        operationId: 'admin.settings.update',
        tags,
        security,
        summary: 'Replace the platform settings (audited with before and after)',
        // The examples on the body only: platformSettingsSchema is also a field of adminSettingsSchema.
        body: platformSettingsSchema.meta({
          examples: [
            {
              signupsOpen: true,
              maintenanceBanner: {
                enabled: true,
                message: 'Maintenance on 5 December 2026 from 02:00 to 03:00 UTC: new jobs may wait a few minutes.',
              },
              freePlanCredits: 5,
              cryptoThreshold: 19.2,
              defaultApiKeyRateLimit: 100,
              supportUrl: 'https://support.example.com/lumen',
              communityUrl: 'https://community.example.com/lumen',
              supportEmail: 'support@example.com',
              seller: {
                name: 'Lumen Studio',
                address: '1 Example Street, 10115 Berlin, Germany',
                email: 'billing@example.com',
                taxId: 'DE123456789',
              },
            },
          ],
        }),
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
