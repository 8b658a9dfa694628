import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPeriodicTask } from '../../lib/periodic-task.ts';
import { decorationOf } from '../../plugins/decorations.ts';
import { createFailedAuthLimit } from './failed-auth-limit.ts';
import type { FailedAuthLimit } from './failed-auth-limit.ts';
import { deleteEndedWindows } from './limit-counters.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed authentications per client address (unknown API keys and refresh tokens). */
    failedAuth: FailedAuthLimit;
  }
}

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** app.failedAuth, and the sweep that deletes the counters of ended windows once an hour (the table holds only live windows). */
export const limitsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'failedAuth',
      createFailedAuthLimit({ db: app.db, limit: app.config.clientLimits.failedAuthPerIp, clock: () => app.clock() }),
    );
    const sweeper = createPeriodicTask({
      name: 'limit counters sweep',
      run: () => deleteEndedWindows(app.db, app.clock()),
      log: app.log,
      intervalMs: SWEEP_INTERVAL_MS,
    });
    app.addHook('onReady', async () => sweeper.start());
    app.addHook('onClose', async () => sweeper.stop());
  },
  { name: 'limits', dependencies: ['db'] },
);

/** The failed-authentication limit limitsPlugin made (other modules read it here, not as app.failedAuth). */
export const failedAuthOf = (app: FastifyInstance): FailedAuthLimit => decorationOf(app, 'failedAuth', 'limitsPlugin');
