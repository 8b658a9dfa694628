import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPeriodicTask } from '../../lib/periodic-task.ts';
import { deleteEndedWindows } from './limit-counters.ts';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes the counters of ended windows once an hour, so the table holds only live windows. */
export const limitsPlugin = fp(
  async (app: FastifyInstance) => {
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
