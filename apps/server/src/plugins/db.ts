import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';

/**
 * Where a write may revoke sessions or suspend or delete an account (the session-state copies), or revoke, delete,
 * roll or change an API key (the key-row copies).
 */
const SESSION_CHANGING_PATHS = ['/api/v1/auth/', '/api/v1/user/', '/api/v1/admin/', '/api/v1/api-keys'];

type DbPluginOptions = { database: Database; closeOnShutdown: boolean };

/** Decorates app.db, applies the committed migrations, and closes the pool on shutdown when it owns it. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: DbPluginOptions) => {
    await options.database.migrate();
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    if (options.closeOnShutdown) app.addHook('onClose', async () => options.database.close());
    // Other processes hear of a change from the database's notice. This one makes sure its copies reflect the change
    // before the answer leaves, so the caller's next request sees it: an admin's write forgets the public copies at
    // once, and a write that can revoke sessions (signing out, suspending, deleting an account) waits until the
    // database's notices have arrived. POST /jobs and the other hot writes are outside these paths and pay nothing.
    // A refused write can revoke too: replaying a spent refresh token answers 401 after it has ended the whole family.
    // A callback hook, not an async one: reads (most requests) pass without a promise of their own.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
      if (reply.statusCode < 400 && request.url.startsWith('/api/v1/admin/'))
        options.database.changes.announce({ topic: 'public', key: '*' });
      if (!SESSION_CHANGING_PATHS.some((prefix) => request.url.startsWith(prefix))) return done(null, payload);
      options.database.changes.catchUp().then(
        () => done(null, payload),
        (error: Error) => done(error),
      );
    });
  },
  { name: 'db' },
);
