import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../../plugins/app-error.ts';
import { registerBusinessMetrics } from './business-metrics.ts';

export const METRICS_PATH = '/metrics';

/** Seconds; API calls are mostly milliseconds, uploads and report downloads can take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (value: string) => createHash('sha256').update(value).digest();

function hasToken(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  // Compare digests: equal length whatever was sent, and constant time.
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

/**
 * GET /metrics (outside /api/v1, where Prometheus looks by default) in the Prometheus text format,
 * for a scraper holding METRICS_TOKEN as a Bearer token; 404 when no token is configured. Request
 * rate and latency are this process's (by route pattern, method and status); jobs, orders and
 * credits are read from the database at scrape time and so cover every process.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const token = app.config.metricsToken;
    if (!token) {
      // Off: /metrics falls through to the not-found handler like any unknown path.
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'lumen_' });
    const latency = new Histogram({
      name: 'lumen_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code (the _count series is the request rate)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    registerBusinessMetrics(registry, app.db);

    app.addHook('onResponse', async (request, reply) => {
      // The pattern (/api/v1/jobs/:id), never the raw URL: one series per route, not per id.
      const route = request.routeOptions.url ?? 'unmatched';
      latency.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    const expected = digest(token);
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!hasToken(request, expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHORIZED', 401, 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>');
      }
      const body = await registry.metrics();
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
