import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyMessages } from '@lumen/core/api-keys/schemas';
import { AppError } from '../../plugins/app-error.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { decorationOf } from '../../plugins/decorations.ts';
import { mailerOf } from '../mail/index.ts';
import { createExpiryReminderTask } from './key-expiry-reminders.ts';
import { apiKeyCredential } from './key-auth.ts';
import { createKeyRowCache } from './key-row-cache.ts';
import type { KeyRowCache } from './key-row-cache.ts';
import type { RequestApiKey } from './key-auth.ts';
import { createMemoryRateLimitStore, createRedisRateLimitStore } from './rate-limit-store.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import { createUsageRecorder } from './usage-recorder.ts';
import type { UsageRecorder } from './usage-recorder.ts';
import { createWebhookDispatcher } from './webhook-dispatcher.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';
import type { WebhookDispatcherOptions } from './webhook-dispatcher.ts';

declare module 'fastify' {
  interface FastifyInstance {
    apiKeys: { rateLimitStore: RateLimitStore; usage: UsageRecorder; webhooks: WebhookDispatcher; keyRows: KeyRowCache };
  }
  interface FastifyRequest {
    /** Set when the request is authenticated by an API key. */
    apiKey: RequestApiKey | null;
  }
}

export type ApiKeysPluginOptions = {
  /** Default: Redis when REDIS_URL is set, else in memory. */
  rateLimitStore?: RateLimitStore;
  /** Run the webhook dispatcher in this process: app.ts says so where the job worker runs (a port; api-keys sits below jobs). */
  runWebhooks?: boolean;
  webhooks?: Partial<Pick<WebhookDispatcherOptions, 'now' | 'backoffMs' | 'timeoutMs' | 'intervalMs'>>;
};

/** Per-key rate limits, usage counting, RateLimit-* headers, the webhook dispatcher and the expiry reminders. */
export const apiKeysPlugin = fp(
  async (app: FastifyInstance, options: ApiKeysPluginOptions) => {
    const { config } = app;
    const rateLimitStore =
      options.rateLimitStore ??
      (config.redisUrl
        ? await createRedisRateLimitStore({ url: config.redisUrl, prefix: `${config.redisKeyPrefix}ratelimit:` })
        : createMemoryRateLimitStore());
    const usage = createUsageRecorder({ db: app.db, onError: (error) => app.log.warn({ err: error }, 'API key usage write failed') });
    const webhooks = createWebhookDispatcher({
      db: app.db,
      jwtSecret: config.jwtSecret,
      nodeEnv: config.nodeEnv,
      log: app.log,
      ...options.webhooks,
    });
    app.decorate('apiKeys', { rateLimitStore, usage, webhooks, keyRows: createKeyRowCache(app.database.changes) });
    app.decorateRequest('apiKey', null);

    // A key on any other API route (public ones included) is refused, not ignored (the contract's 403).
    // Callback hooks, not async ones: on the many requests without a key they return at once, without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.routeOptions.config?.apiKey === true || !request.routeOptions.url?.startsWith('/api/')) return done();
      if (apiKeyCredential(request) !== null) return done(new AppError('FORBIDDEN', 403, apiKeyMessages.notAllowedHere));
      done();
    });
    const setRateLimitHeaders = (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.apiKey;
      if (!key) return;
      reply.header('ratelimit-limit', String(key.rateLimit));
      reply.header('ratelimit-remaining', String(key.limit.remaining));
      reply.header('ratelimit-reset', String(key.limit.resetSeconds));
    };
    // preHandler for streams that hijack the reply (SSE), onSend for everything else, errors included.
    app.addHook('preHandler', (request, reply, done) => {
      setRateLimitHeaders(request, reply);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      setRateLimitHeaders(request, reply);
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const key = request.apiKey;
      if (key) {
        usage.record({
          keyId: key.id,
          at: app.clock(),
          ip: clientAddress(request),
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          isError: reply.statusCode >= 400,
        });
      }
      done();
    });

    if (options.runWebhooks === true) app.addHook('onReady', async () => webhooks.start());
    const expiryReminders = createExpiryReminderTask({
      db: app.db,
      mailer: mailerOf(app),
      clock: () => app.clock(),
      publicUrl: config.publicUrl,
      log: app.log,
    });
    app.addHook('onReady', async () => expiryReminders.start());
    app.addHook('onClose', async () => {
      await expiryReminders.stop();
      await webhooks.stop();
      await usage.close();
      if (!options.rateLimitStore) await rateLimitStore.close();
    });
  },
  { name: 'api-keys', dependencies: ['db', 'mail'] },
);

/** The rate-limit store apiKeysPlugin opened (Redis or memory), which other modules count their own limits in. */
export const rateLimitStoreOf = (app: FastifyInstance): RateLimitStore => decorationOf(app, 'apiKeys', 'apiKeysPlugin').rateLimitStore;

/** The API key the request was authenticated with; null for a session or a public request. */
export const apiKeyOf = (request: Pick<FastifyRequest, 'apiKey'>): RequestApiKey | null => request.apiKey;
