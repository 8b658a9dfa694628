import { z } from 'zod';
import { oauthProviders } from '../auth/oauth.ts';

/** GET /api/v1/public-config: configuration the web app reads at start (no secrets). */
export const analyticsConfigSchema = z.object({
  /** The analytics loader script, e.g. https://plausible.io/js/script.js */
  scriptUrl: z.string(),
  /** The site's domain as the analytics provider knows it (Plausible's data-domain). */
  domain: z.string(),
});
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

export const publicConfigSchema = z.object({
  analytics: analyticsConfigSchema.nullable(),
  /** Sign-in providers configured on the server ([] when none): show their buttons. */
  oauthProviders: z.array(z.enum(oauthProviders)),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
