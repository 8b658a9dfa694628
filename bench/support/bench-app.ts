/**
 * What the HTTP benches share: a database (PGlite in memory, or a fresh `bench_<random>` database on a
 * PostgreSQL server, dropped afterwards), the whole app with the worker off listening on a random
 * loopback port beside a bare route, and one registered person with a large purchased balance.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { appPlugin } from '../../apps/server/src/app.ts';
import { createDatabase } from '../../apps/server/src/db/database.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { generateApiKey } from '../../apps/server/src/modules/api-keys/key-secrets.ts';
import { apiKeys } from '../../apps/server/src/modules/api-keys/tables.ts';
import { grantCredits } from '../../apps/server/src/modules/credits/credits.service.ts';
import { testConfig } from '../../apps/server/src/test/build-test-app.ts';

export const POOL = 10;

export type BenchDatabase = { database: Database; label: string; drop: () => Promise<void> };

/** Without a URL, PGlite in memory; with a server URL, a new database on it that drop() removes. */
export async function openBenchDatabase(url: string | undefined): Promise<BenchDatabase> {
  if (!url) return { database: await createDatabase({ pgliteDir: null }), label: 'PGlite (in memory)', drop: async () => undefined };
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    database: await createDatabase({ databaseUrl: target.toString(), maxConnections: POOL }),
    label: `PostgreSQL ${version ?? ''} (${target.host}, pool ${POOL})`.trim(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export type BenchApp = {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  address: string;
  database: Database;
  /** 'PGlite (in memory)' or 'PostgreSQL <version> (<host>, pool <n>)'. */
  label: string;
  user: { id: string };
  accessToken: string;
  /** Stops the app, closes and drops the database, removes the data folder. */
  close: () => Promise<void>;
};

/** The app on `databaseUrl` (PGlite when undefined) with GET /bench/bare and a person holding 100,000,000 credits. */
export async function startBenchApp(databaseUrl: string | undefined, fastifyOptions: FastifyServerOptions = {}): Promise<BenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lumen-bench-'));
  const { database, label, drop } = await openBenchDatabase(databaseUrl);
  const app = Fastify({ logger: false, ...fastifyOptions });
  const close = async () => {
    await app.close();
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 500)); // let pooled sockets finish closing before DROP ... FORCE
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await app.register(appPlugin, {
      config: testConfig(dataDir, { workerEnabled: false }),
      database,
      ownsDatabase: false,
      print: () => undefined,
      jobs: { runWorker: false },
    });
    app.get('/bench/bare', async () => ({ ok: true }));
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const registered = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        firstName: 'Bench',
        lastName: 'User',
        email: `bench-${randomBytes(4).toString('hex')}@example.com`,
        password: 'bench-password-1',
      },
    });
    const { user, accessToken } = registered.json().data as { user: { id: string }; accessToken: string };
    await grantCredits(database.db, { userId: user.id, amount: 100_000_000, kind: 'purchase', idempotencyKey: `bench:${user.id}` });
    return { app, address, database, label, user, accessToken, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A key with a limit the bench cannot reach, so every request takes the full key path and answers 200. */
export async function createBenchApiKey(database: Database, userId: string): Promise<string> {
  const key = generateApiKey();
  await database.db
    .insert(apiKeys)
    .values({ userId, name: 'bench', keyPrefix: key.keyPrefix, keyHash: key.keyHash, rateLimit: 2_000_000_000 });
  return key.apiKey;
}

/** POST /api/v1/jobs: a sales-pilot analysis of pasted text (no file, no engine call at submission). */
export function salesPilotSubmission(address: string, accessToken: string): autocannon.Options {
  return {
    url: `${address}/api/v1/jobs`,
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      service: 'sales-pilot',
      params: { text: 'Seller: Hi, thanks for your time today. Buyer: Happy to talk, but the price worries me a little.' },
      files: {},
    }),
  };
}

export type Measured = { perSecond: number; p50: number; p99: number; errors: number; non2xx: number };

/** One autocannon run: mean requests per second, latency p50/p99 in ms, errors (with timeouts) and non-2xx answers. */
export async function measureHttp(options: autocannon.Options): Promise<Measured> {
  const result = await autocannon(options);
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
