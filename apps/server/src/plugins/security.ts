import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/index.ts';

/** Stripe.js and its frames, as Stripe documents for a Content-Security-Policy. */
const stripeScripts = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const stripeFrames = [...stripeScripts, 'https://hooks.stripe.com'];
const stripeApi = ['https://api.stripe.com'];

/**
 * The Content-Security-Policy the SPA runs under: its own origin, Stripe (the card dialog), the
 * tutorial video players and the analytics origin when configured; no inline script, no eval, so an
 * injected script cannot run and read the token the web app keeps in localStorage.
 */
export function contentSecurityDirectives(config: Pick<AppConfig, 'analytics' | 'publicUrl'>) {
  const analyticsOrigin = config.analytics ? new URL(config.analytics.scriptUrl).origin : null;
  const extra = analyticsOrigin ? [analyticsOrigin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...stripeScripts, ...extra],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...stripeApi, ...extra],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    // Tutorial videos on /resources/videos play in the privacy-friendly YouTube and Vimeo players.
    'frame-src': ["'self'", ...stripeFrames, 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
  };
  if (config.publicUrl.startsWith('https://')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export const securityPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    const isHttps = options.config.publicUrl.startsWith('https://');
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(options.config) },
      // HSTS only makes sense when the site is served over https.
      strictTransportSecurity: isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security' },
);
