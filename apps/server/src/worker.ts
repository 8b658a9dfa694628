import Fastify from 'fastify';
import { ConfigError, loadConfig } from './config/index.ts';
import type { AppConfig } from './config/index.ts';
import { createDatabase, pgliteDirFor } from './db/database.ts';
import { openStorage } from './modules/files/index.ts';
import { createEngineRegistry } from '@lumen/engines';
import { createJobEvents } from './modules/jobs/index.ts';
import { announceReady, createJobWorker, watchMemoryCeiling } from './modules/jobs/index.ts';
import { jobProviders } from './modules/providers/index.ts';
import { createWebhookDispatcher } from './modules/api-keys/index.ts';
import { publishFeaturedPosts } from './modules/community/index.ts';
import { seedTryOnCatalogue } from './modules/try-on/index.ts';
import { createBackgroundTasks } from './lib/background-tasks.ts';
import { createMailer } from './modules/mail/index.ts';
import { fakeRegistry } from './test/fake-engines.ts';
import { createCardOrderExpiry, startWorkerCryptoReconciler } from './modules/payments/index.ts';

/** `npm run worker`: runs queued jobs without the HTTP API (more of them scale out on other machines). */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // Fastify's own pino logger, with nothing listening.
  const log = Fastify({ logger: { level: config.logLevel } }).log;
  const database = await createDatabase(
    config.databaseUrl
      ? {
          databaseUrl: config.databaseUrl,
          maxConnections: config.databasePoolSize,
          onIdleError: (error) => log.warn({ err: error }, 'an idle database connection was closed'),
        }
      : { pgliteDir: pgliteDirFor(config.dataDir) },
  );
  if (!config.databaseUrl) {
    log.warn(
      'DATABASE_URL is not set: the worker opens the embedded database in DATA_DIR; do not run it beside `npm start` on the same DATA_DIR (npm start runs its own worker)',
    );
  }
  await database.migrate();
  // Tests select a slow fake engine to kill the worker mid-job; never outside NODE_ENV=test.
  const testDelay = config.nodeEnv === 'test' ? Number(process.env.LUMEN_TEST_ENGINE_DELAY_MS ?? '') : NaN;
  // Circuit breakers shared with the API and the other workers (Redis when REDIS_URL is set, else PostgreSQL).
  const circuits = await jobProviders.openCircuits({ db: database.db, redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix });
  const engines =
    Number.isFinite(testDelay) && testDelay > 0 ? fakeRegistry({ delayMs: testDelay }) : createEngineRegistry(config.engines, { circuits });
  const storage = await openStorage(config);
  // The admins' alerts at 80 % and 100 % of a provider budget go out from the process that reserves.
  const mailTasks = createBackgroundTasks((error) => log.warn({ err: error }, 'a mail delivery failed'));
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, tasks: mailTasks, log });
  const worker = createJobWorker({
    db: database.db,
    storage: storage.storage,
    engines,
    events: createJobEvents(),
    log,
    providers: jobProviders,
    options: config.nodeEnv === 'test' ? { pollIntervalMs: 50, heartbeatIntervalMs: 200 } : {},
    providerBudget: {
      unpricedReservationUsd: config.providerUnpricedReservationUsd,
      onAlert: jobProviders.mailBudgetAlerts({ db: database.db, mailer: () => mailer, log }),
    },
  });
  worker.start();
  // WORKER_MAX_RSS_MB: past it, the worker stops taking jobs, finishes its own and asks for a replacement (067).
  const ceiling = config.workerMaxRssMb ? watchMemoryCeiling({ db: database.db, worker, log, maxRssMb: config.workerMaxRssMb }) : null;
  // On a fresh install the team's featured posts and the starter try-on catalogue are made here (in the background),
  // not in API processes, which then never load the image library.
  const featured = new AbortController();
  const startUpTasks = createBackgroundTasks((error) => log.error({ err: error }, 'a start-up task failed'));
  const seedDeps = { db: database.db, storage: storage.storage, log };
  if (config.featuredPosts) startUpTasks.run(() => publishFeaturedPosts({ ...seedDeps, signal: featured.signal }));
  if (config.tryOnCatalogueSeed) startUpTasks.run(() => seedTryOnCatalogue(seedDeps));
  // Job webhooks of API keys go out from the process that finishes the jobs.
  const webhooks = createWebhookDispatcher({ db: database.db, jwtSecret: config.jwtSecret, nodeEnv: config.nodeEnv, log });
  webhooks.start();
  // Crypto payments whose IPN was lost are checked with the provider; unpaid ones expire.
  const cryptoReconciler = startWorkerCryptoReconciler({ db: database.db, config, log });
  // Card orders left pending for a day expire ('Checkout was not completed').
  const cardOrderExpiry = createCardOrderExpiry({ db: database.db, log });
  cardOrderExpiry.start();
  log.info({ workerId: worker.workerId, database: database.kind }, 'job worker started');
  announceReady();

  let isClosing = false;
  const close = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    log.info({ signal }, 'job worker stopping: finishing running jobs');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    featured.abort();
    ceiling?.stop();
    await startUpTasks.drain();
    await worker.stop();
    await webhooks.stop();
    await cryptoReconciler.stop();
    await cardOrderExpiry.stop();
    await mailTasks.drain();
    mailer.close();
    await circuits.close();
    await database.close();
    storage.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
