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
    // Other processes hear of an admin's change from the database's notice; this one forgets its copies before the
    // admin's answer leaves, so the admin's next read shows the change.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.url.startsWith('/api/v1/admin/')) {
        options.database.changes.announce({ topic: 'public', key: '*' });
      }
      return payload;
    });
  },
  { name: 'db' },
);
