import type { Role } from '@lumen/core/users/schemas';
import type { AppConfig } from './config/index.ts';
import type { Database, Db } from './db/database.ts';
import type { BackgroundTasks } from './lib/background-tasks.ts';
import type { MultipartBodyDoc } from './lib/multipart-body-doc.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { FileLinks } from './modules/files/signed-links.ts';
import type { Storage } from './modules/files/storage.ts';
import type { EngineRegistry } from '@lumen/engines';
import type { JobEvents } from './modules/jobs/job-events.ts';
import type { JobWorker } from './modules/jobs/job-worker.ts';
import type { RequestApiKey } from './modules/api-keys/key-auth.ts';
import type { RateLimitStore } from './modules/api-keys/rate-limit-store.ts';
import type { UsageRecorder } from './modules/api-keys/usage-recorder.ts';
import type { WebhookDispatcher } from './modules/api-keys/webhook-dispatcher.ts';

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
    apiKeys: { rateLimitStore: RateLimitStore; usage: UsageRecorder; webhooks: WebhookDispatcher };
  }
  interface FastifyRequest {
    /** Set by requireAuth / requireAdmin; null on public routes. */
    user: AuthUser | null;
    /** Set when the request is authenticated by an API key. */
    apiKey: RequestApiKey | null;
  }
  interface FastifyContextConfig {
    /** The route accepts API keys (docs/api/api-keys-contract.md "Using a key"); elsewhere a key is a 403. */
    apiKey?: boolean;
    /** A multipart route's parts, for the OpenAPI document only (lib/multipart-body-doc.ts). */
    multipartBody?: MultipartBodyDoc;
  }
}
