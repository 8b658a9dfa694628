import type { FastifyRequest } from 'fastify';
import type { Role } from '@lumen/core/users/schemas';
import type { AppConfig } from '../config/index.ts';
import type { Database, Db } from '../db/database.ts';
import type { BackgroundTasks } from '../lib/background-tasks.ts';
import type { MultipartBodyDoc } from '../lib/multipart-body-doc.ts';
import type { EngineRegistry } from '@lumen/engines';

/** sessionId: the auth_sessions row of the access token (its `sid` claim). */
export type AuthUser = { id: string; role: Role; sessionId: string };

/** How a request proves who it is; the auth module provides it (auth/request-auth.plugin.ts). */
export type RequestAuth = {
  /** Sets request.user from a live session's access token or an API key; a 401 otherwise. */
  authenticate(request: FastifyRequest): Promise<void>;
  /** The account's role and e-mail verification as they are now; null when the account is gone. */
  accountOf(userId: string): Promise<{ role: Role; emailVerified: boolean } | null>;
};

/** The platform's decorations; each module declares its own next to the plugin that sets it. */
declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    /** The time the app works with (tests move it). */
    clock: () => Date;
    backgroundTasks: BackgroundTasks;
    requestAuth: RequestAuth;
    engines: EngineRegistry;
    /** The methods the API routes matching this path take (plugins/allowed-methods.ts); empty when none does. */
    allowedMethods: (path: string) => string[];
  }
  interface FastifyRequest {
    /** Set by requireAuth / requireAdmin; null on public routes. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** The route accepts API keys (docs/api/api-keys-contract.md "Using a key"); elsewhere a key is a 403. */
    apiKey?: boolean;
    /** A multipart route's parts, for the OpenAPI document only (lib/multipart-body-doc.ts). */
    multipartBody?: MultipartBodyDoc;
  }
}
