import type { FastifyInstance } from 'fastify';
import { serviceEngineLines } from './engine-disclosure.ts';
import { loadPricing, marginLines } from '../provider-prices/index.ts';
import fp from 'fastify-plugin';
import { decorationOf } from '../../plugins/decorations.ts';
import { storageOf } from '../files/index.ts';
import { mailerOf } from '../mail/index.ts';
import { createEngineRegistry } from '@lumen/engines';
import type { EngineRegistry } from '@lumen/engines';
import { JOB_EVENTS_SHUTDOWN, createJobEvents } from './job-events.ts';
import type { JobEvents } from './job-events.ts';
import { createJobWorker } from './job-worker.ts';
import type { JobWorker } from './job-worker.ts';
import type { JobWorkerOptions } from './job-worker.ts';
import { watchMemoryCeiling } from './memory-ceiling.ts';
import type { JobProviders, SharedCircuits } from './provider-port.ts';
import type { MemoryCeilingOptions } from './memory-ceiling.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobEvents: JobEvents;
    /** The in-process job worker; null when WORKER_ENABLED=false. */
    jobWorker: JobWorker | null;
    /** The hosted providers' circuit breakers, shared with every other process (Redis or PostgreSQL). */
    providerCircuits: SharedCircuits;
  }
}

export type JobsPluginOptions = {
  /** Engines per service; default: from configuration (`<SERVICE>_ENGINE`). Tests inject fakes. */
  engines?: EngineRegistry;
  /** Where circuit breakers are kept; default: Redis when REDIS_URL is set, else PostgreSQL. Closed by its owner. */
  circuits?: SharedCircuits;
  /** Start the in-process worker (default: config.workerEnabled). */
  runWorker?: boolean;
  worker?: Partial<JobWorkerOptions>;
  /** The memory ceiling's seams (tests): how RSS is read, how often, and what a restart does. */
  memoryCeiling?: Pick<MemoryCeilingOptions, 'intervalMs' | 'rssBytes' | 'requestRestart'>;
};

/** Engines, job events and (unless disabled) the in-process job worker; storage comes from files/ (filesPlugin, registered first). */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsPluginOptions & { providers: JobProviders }) => {
    const { config } = app;
    const circuits =
      options.circuits ??
      (await options.providers.openCircuits({ db: app.db, redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix }));
    app.decorate('providerCircuits', circuits);
    app.decorate('engines', options.engines ?? createEngineRegistry(config.engines, { circuits }));
    // Which provider each service is on, one line each: a key alone can move a service onto a hosted provider.
    if (!options.engines) for (const { service, line } of serviceEngineLines(app.engines)) app.log.info({ service }, line);
    // And what each of those services costs against what its credits earn, one line each; selling below cost is named.
    if (!options.engines) {
      app.addHook('onReady', async () => {
        const pricing = await loadPricing(app.db);
        for (const { service, line, belowCost } of marginLines(pricing, app.engines)) {
          if (belowCost) app.log.warn({ service }, line);
          else app.log.info({ service }, line);
        }
      });
    }
    const events = createJobEvents();
    app.decorate('jobEvents', events);
    const worker =
      (options.runWorker ?? config.workerEnabled)
        ? createJobWorker({
            db: app.db,
            storage: storageOf(app),
            engines: app.engines,
            events,
            log: app.log,
            options: options.worker,
            providerWebhooksUrl: config.providerWebhooksUrl,
            providers: options.providers,
            providerBudget: {
              unpricedReservationUsd: config.providerUnpricedReservationUsd,
              onAlert: options.providers.mailBudgetAlerts({ db: app.db, mailer: () => mailerOf(app), log: app.log }),
            },
          })
        : null;
    app.decorate('jobWorker', worker);
    if (worker) app.addHook('onReady', async () => worker.start());
    // WORKER_MAX_RSS_MB: past it, the worker stops taking jobs, finishes its own and asks for a replacement (067).
    const ceiling =
      worker && config.workerMaxRssMb
        ? watchMemoryCeiling({ db: app.db, worker, log: app.log, maxRssMb: config.workerMaxRssMb, ...options.memoryCeiling })
        : null;
    app.addHook('preClose', async () => {
      events.emit(JOB_EVENTS_SHUTDOWN);
    });
    // Before the database closes (onClose hooks run in reverse registration order).
    app.addHook('onClose', async () => {
      ceiling?.stop();
      await worker?.stop();
      if (!options.circuits) await circuits.close();
    });
  },
  { name: 'jobs', dependencies: ['db', 'files', 'mail'] },
);

/** The job changes this process hears of (jobsPlugin's events). */
export const jobEventsOf = (app: FastifyInstance): JobEvents => decorationOf(app, 'jobEvents', 'jobsPlugin');

/** The in-process job worker; null when this process runs none. */
export const jobWorkerOf = (app: FastifyInstance): JobWorker | null => decorationOf(app, 'jobWorker', 'jobsPlugin');

/** The engine of each service, as jobsPlugin built them. */
export const enginesOf = (app: FastifyInstance): EngineRegistry => decorationOf(app, 'engines', 'jobsPlugin');

/** The hosted providers' circuit breakers the engines use, shared with every other process. */
export const providerCircuitsOf = (app: FastifyInstance): SharedCircuits => decorationOf(app, 'providerCircuits', 'jobsPlugin');
