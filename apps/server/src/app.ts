import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import cookie from '@fastify/cookie';
import pino from 'pino';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/index.ts';
import { createDatabase, pgliteDirFor } from './db/database.ts';
import type { Database } from './db/database.ts';
import { seedDatabase } from './seed.ts';
import './plugins/fastify-types.ts';
import { API_PREFIX } from './lib/api-prefix.ts';
import { createBackgroundTasks } from './lib/background-tasks.ts';
import { AppError } from './plugins/app-error.ts';
import { createPasswordHasher } from './modules/auth/index.ts';
import type { LoginThrottleOptions } from './modules/auth/index.ts';
import { adminArea } from './modules/admin/index.ts';
import { blogRoutes } from './modules/blog/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { newsletterRoutes } from './modules/newsletter/index.ts';
import { videosRoutes } from './modules/videos/index.ts';
import { communityRoutes, publishFeaturedPosts } from './modules/community/index.ts';
import { filesPlugin, filesRoutes } from './modules/files/index.ts';
import { introductionDialogsRoutes } from './modules/introduction-dialogs/index.ts';
import { apiKeysPlugin } from './modules/api-keys/index.ts';
import { metricsPlugin } from './modules/metrics/index.ts';
import type { ApiKeysPluginOptions } from './modules/api-keys/index.ts';
import { apiKeysRoutes } from './modules/api-keys/index.ts';
import { jobsPlugin } from './modules/jobs/index.ts';
import type { JobsPluginOptions } from './modules/jobs/index.ts';
import { jobsRoutes } from './modules/jobs/index.ts';
import { jobProviders, providerWebhookRoutes } from './modules/providers/index.ts';
import { keySpending } from './modules/jobs/index.ts';
import { jobUploadsRoutes } from './modules/jobs/index.ts';
import { startTryOnCatalogueSeed, tryOnRoutes } from './modules/try-on/index.ts';
import { limitsPlugin } from './modules/limits/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { creditsRoutes } from './modules/credits/index.ts';
import { findUserWithCredit } from './modules/credits/index.ts';
import { cardPaymentsPlugin, cryptoPaymentsPlugin, paymentsRoutes } from './modules/payments/index.ts';
import { settingsRoutes } from './modules/settings/index.ts';
import { ipBlocksPlugin } from './modules/ip-blocks/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { avatarFilesRoutes } from './modules/users/index.ts';
import { crawlRoutes } from './modules/crawl/index.ts';
import { GET_JOB_TOOL, mcpRoutes, toolNameOf } from './modules/mcp/index.ts';
import { consentRoutes, oauthRoutes } from './modules/mcp-oauth/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import { accountDataRoutes } from './modules/account-data/index.ts';
import { requestAuthPlugin } from './modules/auth/index.ts';
import { dbPlugin } from './plugins/db.ts';
import { mailPlugin } from './modules/mail/index.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { JSON_BODY_LIMIT_BYTES, errorsPlugin, sendAppError } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './modules/api-keys/index.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';
import { allowedMethodsPlugin } from './plugins/allowed-methods.ts';
import { clientAddress, trustProxyOption } from './plugins/client-address.ts';

export { API_PREFIX };

export type AppPluginOptions = {
  config: AppConfig;
  database: Database;
  /** Close the database when the app closes (true when buildApp opened it). */
  ownsDatabase: boolean;
  /** Seed service costs, packages and the admin on start (default true). */
  seed?: boolean;
  loginThrottle?: Partial<LoginThrottleOptions>;
  /** Where one-time notices (the generated admin password) go; stdout by default. */
  print?: (text: string) => void;
  /** The current time; tests inject one to expire codes. */
  clock?: () => Date;
  /** Engines, storage and worker settings of the job pipeline (tests inject fakes). */
  jobs?: JobsPluginOptions;
  /** Rate-limit store and webhook dispatcher seams of API keys (tests). */
  apiKeys?: ApiKeysPluginOptions;
};

/** The whole application as one plugin: tests and server.ts both register it. */
export const appPlugin = fp(
  async (app: FastifyInstance, options: AppPluginOptions) => {
    const { config } = options;
    app.decorate('config', config);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });

    await app.register(errorsPlugin);
    await app.register(jsonBodyPlugin);
    await app.register(securityPlugin, { config });
    await app.register(compressionPlugin);
    await app.register(cookie);
    if (config.globalRateLimit) await app.register(rateLimitPlugin, config.globalRateLimit);
    await app.register(openapiPlugin, { publicUrl: config.publicUrl });
    await app.register(allowedMethodsPlugin);
    await app.register(dbPlugin, { database: options.database, closeOnShutdown: options.ownsDatabase });
    await app.register(metricsPlugin);
    await app.register(limitsPlugin);
    app.decorate('clock', options.clock ?? (() => new Date()));
    // The platform's slot for who is calling (plugins/fastify-types.ts); auth's app.requestAuth fills it.
    app.decorateRequest('user', null);
    // Registered after the database, so its onClose (last in, first out) drains before the pool closes.
    const backgroundTasks = createBackgroundTasks((error) => app.log.error({ err: error }, 'background task failed'));
    app.decorate('backgroundTasks', backgroundTasks);
    app.addHook('onClose', async () => backgroundTasks.drain());
    await app.register(filesPlugin);
    await app.register(mailPlugin, { announce: (line) => app.log.info(line) });
    if (options.seed ?? true) {
      await seedDatabase({
        db: options.database.db,
        hasher: createPasswordHasher({ isCheap: config.nodeEnv === 'test' }),
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
        print: options.print ?? ((text) => process.stdout.write(`${text}\n`)),
      });
    }
    await app.register(ipBlocksPlugin);
    await app.register(requestAuthPlugin);
    // The jobs module asks the providers module (which sits above it) through this port (decision 087).
    await app.register(jobsPlugin, { ...options.jobs, providers: jobProviders });
    if (app.jobWorker && config.featuredPosts) startFeaturedPosts(app);
    if (app.jobWorker && config.tryOnCatalogueSeed) startTryOnCatalogueSeed(app);
    // api-keys sits below jobs: whether this process runs the worker (and so the webhook dispatcher) is handed down.
    await app.register(apiKeysPlugin, { ...options.apiKeys, runWebhooks: options.apiKeys?.runWebhooks ?? app.jobWorker !== null });
    await app.register(cryptoPaymentsPlugin);
    await app.register(cardPaymentsPlugin);

    await app.register(
      async (api) => {
        await api.register(systemRoutes);
        await api.register(authRoutes, { loginThrottle: options.loginThrottle });
        await api.register(usersRoutes, { findUserWithCredit });
        await api.register(accountDataRoutes);
        await api.register(creditsRoutes);
        await api.register(paymentsRoutes);
        await api.register(adminArea, { prefix: '/admin', providerPrices: { engines: app.engines } });
        await api.register(providerWebhookRoutes);
        await api.register(jobsRoutes, { providers: jobProviders });
        await api.register(jobUploadsRoutes);
        await api.register(apiKeysRoutes, { spending: keySpending });
        await api.register(consentRoutes, { tools: { ofService: toolNameOf, common: [GET_JOB_TOOL] } });
        await api.register(filesRoutes);
        await api.register(tryOnRoutes);
        await api.register(introductionDialogsRoutes);
        await api.register(settingsRoutes);
        await api.register(communityRoutes);
        await api.register(blogRoutes);
        await api.register(contactRoutes);
        await api.register(newsletterRoutes);
        await api.register(videosRoutes);
      },
      { prefix: API_PREFIX },
    );
    await app.register(avatarFilesRoutes);
    await app.register(crawlRoutes);
    await app.register(mcpRoutes);
    await app.register(oauthRoutes);
    await app.register(spaPlugin, { webDistDir: config.webDistDir, publicUrl: config.publicUrl });
  },
  { name: 'lumen-app' },
);

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a sane incoming X-Request-Id (from a proxy), otherwise a new UUID. */
function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

export type BuildAppOptions = Omit<AppPluginOptions, 'database' | 'ownsDatabase'> & {
  /** An open database; when absent one is opened from the config and closed with the app. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is added (the authorization matrix test lists them). */
  onRoute?: (route: RouteOptions) => void;
};

/** A successful read answered faster than this is logged at debug; every other request at info or error. */
const SLOW_READ_MS = 1000;

/**
 * One log line per request, written once the answer has gone, instead of Fastify's two, with what an operator reads.
 * Writes, refusals, failures and slow reads are logged at info (errors at error); a successful read (GET or HEAD under
 * 400) answered within a second is logged at debug, so `LOG_LEVEL=debug` shows every request. Reads are most of the
 * traffic and change nothing; their line cost about a fifth of a cached public read's server time (decision 053).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const isQuickRead =
      (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode < 400 && reply.elapsedTime < SLOW_READ_MS;
    const level = error ? 'error' : isQuickRead ? 'debug' : 'info';
    // Below the logger's level nothing is built (no level: Fastify's stand-in without a logger, which writes nothing).
    if (pino.levels.values[level]! < (pino.levels.values[reply.log.level] ?? Infinity)) return;
    const fields = {
      method: request.method,
      url: request.url,
      ip: clientAddress(request),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log[level](fields, 'request completed');
  }
}

/** Log lines are written to stdout in batches of about this many bytes... */
const LOG_BATCH_BYTES = 4096;
/** ...or this often, whichever comes first, so a quiet server's lines still show within a moment. */
const LOG_FLUSH_INTERVAL_MS = 200;

/**
 * Log options that write to stdout (no stream, file or transport of their own) get pino's asynchronous destination,
 * writing in batches: one write per 4 KB of lines (about 25 request lines) or every 200 ms instead of one per line or
 * two took 5 µs of the server's CPU time off each cached read (decision 053). pino writes out what is left when the
 * process exits; a process killed outright loses at most the last 200 ms of lines.
 */
function withAsynchronousStdout(logger: BuildAppOptions['logger']): BuildAppOptions['logger'] {
  if (!logger || typeof logger !== 'object' || 'stream' in logger || 'transport' in logger || 'file' in logger) return logger;
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES });
  // sonic-boom's flush writes even when nothing is buffered, so the timer flushes only after lines came in.
  let hasNewLines = false;
  const write = destination.write.bind(destination);
  destination.write = (line: string) => {
    hasNewLines = true;
    return write(line);
  };
  const flusher = setInterval(() => {
    if (!hasNewLines) return;
    hasNewLines = false;
    destination.flush();
  }, LOG_FLUSH_INTERVAL_MS).unref();
  destination.once('close', () => clearInterval(flusher));
  return { ...logger, stream: destination };
}

/** Builds the app without listening: `await app.inject(...)` in tests, `app.listen` in server.ts. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: withAsynchronousStdout(options.logger ?? false),
    genReqId: requestIdFor,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // The app plugin migrates and seeds the database before it is ready: on a busy machine or a
    // slow database that takes longer than Fastify's default 10 s plugin timeout.
    pluginTimeout: 120_000,
    // Signed file links carry their claims in the path (GET /files/{token}).
    routerOptions: { maxParamLength: 1000 },
    logController: new OneLinePerRequest(),
    // The router's own refusals leave in the same failure envelope as every other error.
    frameworkErrors: (error, _request, reply) => {
      const refusal =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new AppError('BAD_REQUEST', 414, 'A value in the address is too long (at most 1000 characters)')
          : new AppError('BAD_REQUEST', 400, 'The address is not a valid URL (check its percent-encoding)');
      return sendAppError(reply, refusal);
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await createDatabase(
      config.databaseUrl
        ? {
            databaseUrl: config.databaseUrl,
            maxConnections: config.databasePoolSize,
            onIdleError: (error) => app.log.warn({ err: error }, 'an idle database connection was closed'),
          }
        : { pgliteDir: pgliteDirFor(config.dataDir) },
    ));
  try {
    await app.register(appPlugin, { ...options, database, ownsDatabase });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    if (ownsDatabase) await database.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** Once the server is ready, the process that runs jobs publishes the team's featured posts on a fresh install (in the background). */
function startFeaturedPosts(app: FastifyInstance): void {
  const stop = new AbortController();
  app.addHook('onReady', async () =>
    app.backgroundTasks.run(() => publishFeaturedPosts({ db: app.db, storage: app.storage, signal: stop.signal, log: app.log })),
  );
  app.addHook('preClose', async () => stop.abort());
}
