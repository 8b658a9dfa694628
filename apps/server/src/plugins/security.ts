import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/index.ts';
import { API_PREFIX } from '../lib/api-prefix.ts';

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

/**
 * Helmet's headers for these options, worked out once. @fastify/helmet built Helmet's middleware again on every request
 * (and parsed the CSP directives each time, about 4 % of a cached public read); the headers never change while the
 * process runs, so Helmet runs once here against a stand-in response and its headers are kept as they are.
 */
export function securityHeaders(config: Pick<AppConfig, 'analytics' | 'publicUrl'>): Record<string, string> {
  const isHttps = config.publicUrl.startsWith('https://');
  const headers: Record<string, string> = {};
  let failure: unknown;
  const collect = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    // HSTS only makes sense when the site is served over https.
    strictTransportSecurity: isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, collect as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * The headers of answers under the API prefix: JSON, files, CSV and event streams, none of them a page that runs. Such an
 * answer needs no policy for scripts, styles, frames or forms, only one that lets nothing load or run should a browser
 * open it (OWASP REST Security Cheat Sheet), and the document-only headers (opener policy, agent cluster, DNS prefetch,
 * legacy download and XSS filters) do nothing on it. Images and media stay allowed from the same origin, so a result
 * opened in its own tab still shows. The SPA's policy is 0.6 KB on every answer; this one is about a tenth of that.
 * The transport headers (HSTS, referrer, sniffing, resource policy) are the page set's, so both sets agree on them.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none';img-src 'self';media-src 'self';frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
  for (const name of ['cross-origin-resource-policy', 'referrer-policy', 'x-content-type-options', 'strict-transport-security']) {
    if (pageHeaders[name]) headers[name] = pageHeaders[name];
  }
  return headers;
}

const API_PATH = `${API_PREFIX}/`;

type HeaderList = [name: string, value: string][];

function setHeaders(reply: FastifyReply, headers: HeaderList): void {
  const raw = reply.raw;
  for (const [name, value] of headers) raw.setHeader(name, value);
}

/**
 * Security headers on every answer, as constant sets: the API's short set under the API prefix, Helmet's with the SPA's
 * Content-Security-Policy everywhere else. An API route that answers an HTML page takes `app.documentSecurity` as its
 * onRequest hook, which puts the page set in place of the API set (it names every header the API set names).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    const pageHeaders = securityHeaders(options.config);
    const documentHeaders: HeaderList = Object.entries(pageHeaders);
    const apiHeaders: HeaderList = Object.entries(apiSecurityHeaders(pageHeaders));
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(reply, request.url.startsWith(API_PATH) ? apiHeaders : documentHeaders);
      done();
    });
    app.decorate('documentSecurity', ((_request, reply, done) => {
      setHeaders(reply, documentHeaders);
      done();
    }) satisfies onRequestHookHandler);
  },
  { name: 'security' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of an API route that answers an HTML page: the page's security headers instead of the API's. */
    documentSecurity: onRequestHookHandler;
  }
}
