import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config/index.ts';
import { builtinEnginesConfig } from '@lumen/engines';
import { createDatabase } from '../db/database.ts';
import type { Database } from '../db/database.ts';
import type { LoginThrottleOptions } from '../modules/auth/login-throttle.ts';
import type { JobsPluginOptions } from '../modules/jobs/jobs.plugin.ts';
import type { ApiKeysPluginOptions } from '../modules/api-keys/api-keys.plugin.ts';
import { noClientLimits } from '../config/client-limits.ts';
import { readPgliteTemplate } from './pglite-template.ts';
import { postgresTemplate } from './postgres-template.ts';

export const TEST_ADMIN_EMAIL = 'admin@example.com';
export const TEST_ADMIN_PASSWORD = 'admin-password-1';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The PostgreSQL test database's URL (TEST_DATABASE_URL runs); null on PGlite. */
  databaseUrl: string | null;
  /** Closes the app and the database, drops the PostgreSQL test database, removes DATA_DIR. */
  close(): Promise<void>;
};

export type BuildTestAppOptions = {
  config?: Partial<AppConfig>;
  loginThrottle?: Partial<LoginThrottleOptions>;
  /** The app's clock (one-time code expiry, cooldowns). */
  clock?: () => Date;
  /** Job pipeline seams: fake engines, worker on/off and timings. */
  jobs?: JobsPluginOptions;
  /** API key seams: rate-limit store, webhook clock and backoff. */
  apiKeys?: ApiKeysPluginOptions;
  /** Sees every route as it is added. */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * A fresh in-memory PGlite, or with TEST_DATABASE_URL set, a fresh database
 * `test_<random>` on that server (copied from the suite's migrated template, dropped in close()).
 */
export async function openTestDatabase(): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await createDatabase({ pgliteDir: null, loadDataDir: await readPgliteTemplate() });
    return { database, url: null, drop: async () => undefined };
  }

  const name = `test_${randomBytes(6).toString('hex')}`;
  // Copied from the suite's migrated template (global setup) when there is one; the app's migrate() then finds nothing to do.
  const template = postgresTemplate();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), maxConnections: 10 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    databasePoolSize: 10,
    dataDir,
    publicUrl: 'http://localhost:3000',
    providerWebhooksUrl: null,
    providerUnpricedReservationUsd: 1,
    jwtSecret: randomBytes(32).toString('base64url'),
    adminEmail: TEST_ADMIN_EMAIL,
    adminPassword: TEST_ADMIN_PASSWORD,
    logLevel: 'silent',
    webDistDir: join(dataDir, 'no-web-dist'),
    analytics: null,
    trustProxy: false,
    globalRateLimit: null,
    clientLimits: noClientLimits,
    smtpUrl: null,
    mailFrom: 'Lumen Studio <no-reply@lumen.local>',
    google: null,
    engines: builtinEnginesConfig,
    workerEnabled: false,
    workerMaxRssMb: null,
    featuredPosts: false,
    tryOnCatalogueSeed: false,
    storageDriver: 'local',
    s3: null,
    metricsToken: null,
    fileLinkTtlSeconds: 900,
    redisUrl: null,
    redisKeyPrefix: 'lumen-test:',
    paymentsSandbox: true,
    seller: { name: 'Lumen Studio Test Ltd', address: '1 Test Street\nTestville', email: 'billing@lumen.test', taxId: 'TAX-123' },
    ...overrides,
  };
}

/** Builds the whole app (no listening) on a fresh database, for `app.inject` tests. */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lumen-test-'));
  const config = testConfig(dataDir, options.config);
  const { database, url, drop } = await openTestDatabase();
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      loginThrottle: { failureDelayStepMs: 0, ...options.loginThrottle },
      print: () => undefined,
      clock: options.clock,
      jobs: options.jobs,
      apiKeys: options.apiKeys,
      onRoute: options.onRoute,
    });
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
  return {
    app,
    database,
    config,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A migrated test database without an app, for service tests; close() closes and drops it. */
export async function openMigratedTestDatabase(): Promise<{ db: Database['db']; kind: Database['kind']; close(): Promise<void> }> {
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  return {
    db: database.db,
    kind: database.kind,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** The access token of the seeded test admin. */
export async function adminAccessToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.statusCode} ${response.body}`);
  return response.json().data.accessToken as string;
}
