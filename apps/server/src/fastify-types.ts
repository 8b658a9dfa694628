import type { Role } from '@lumen/core/users/schemas';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/database.ts';

export type AuthUser = { id: string; role: Role };

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
  }
  interface FastifyRequest {
    /** Set by requireAuth / requireAdmin; null on public routes. */
    user: AuthUser | null;
  }
}
