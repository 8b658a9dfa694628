import type { Role } from '@lumen/core/users/schemas';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { BackgroundTasks } from './lib/background-tasks.ts';
import type { Mailer } from './modules/mail/mailer.ts';

/** sessionId: the auth_sessions row of the access token (its `sid` claim). */
export type AuthUser = { id: string; role: Role; sessionId: string };

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    /** The time the app works with (tests move it). */
    clock: () => Date;
    backgroundTasks: BackgroundTasks;
    mailer: Mailer;
  }
  interface FastifyRequest {
    /** Set by requireAuth / requireAdmin; null on public routes. */
    user: AuthUser | null;
  }
}
