import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';

type DbPluginOptions = { database: Database; closeOnShutdown: boolean };

/** Decorates app.db, applies the committed migrations, and closes the pool on shutdown when it owns it. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: DbPluginOptions) => {
    await options.database.migrate();
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    if (options.closeOnShutdown) app.addHook('onClose', async () => options.database.close());
  },
  { name: 'db' },
);
