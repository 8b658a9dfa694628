import type { Role } from '@lumen/core/users/schemas';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { BackgroundTasks } from './lib/background-tasks.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { FileLinks } from './modules/files/signed-links.ts';
import type { Storage } from './modules/files/storage.ts';
import type { EngineRegistry } from './modules/jobs/engine-registry.ts';
import type { JobEvents } from './modules/jobs/job-events.ts';
import type { JobWorker } from './modules/jobs/job-worker.ts';

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
    /** Uploaded files and job results (local disk under DATA_DIR/storage). */
    storage: Storage;
    fileLinks: FileLinks;
    engines: EngineRegistry;
    jobEvents: JobEvents;
    /** The in-process job worker; null when WORKER_ENABLED=false. */
    jobWorker: JobWorker | null;
  }
  interface FastifyRequest {
    /** Set by requireAuth / requireAdmin; null on public routes. */
    user: AuthUser | null;
  }
}
