import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type KnownRoute = { pattern: RegExp; methods: string[] };

/** '/api/v1/jobs/:id/events' → a pattern that matches one concrete path of it. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * Remembers the methods of every route under /api, so that a known path asked with another method is answered
 * 405 with Allow (see spa.ts's not-found handler) instead of 404.
 */
export const allowedMethodsPlugin = fp(
  async (app: FastifyInstance) => {
    const routes = new Map<string, KnownRoute>();
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const known = routes.get(route.url) ?? { pattern: patternOf(route.url), methods: [] };
      for (const method of [route.method].flat()) if (!known.methods.includes(method)) known.methods.push(method);
      routes.set(route.url, known);
    });
    app.decorate('allowedMethods', (path: string): string[] => {
      const methods = new Set<string>();
      for (const { pattern, methods: routeMethods } of routes.values()) {
        if (pattern.test(path)) for (const method of routeMethods) methods.add(method);
      }
      return [...methods].sort();
    });
  },
  { name: 'allowed-methods' },
);
