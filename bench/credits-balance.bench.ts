/**
 * Hot paths of the credits module against a bare route on the same app, in one run:
 *   - GET /bench/bare            a Fastify route returning {ok:true} (same hooks as the API)
 *   - GET /api/v1/credits/balance with a JWT (token check + one indexed read)
 *   - the same route with an API key (X-API-Key: hash lookup + rate-limit window + usage count),
 *     alternated with the JWT runs (JWT, key, JWT, key) so both see the same machine load
 *   - a charge (chargeForService: cost read, conditional update, ledger insert) measured
 *     in-process, since no public charge route exists before the jobs issue
 * The app listens on 127.0.0.1 on a random port; each measurement is bounded in time.
 *
 *   npm run bench -w @lumen/server                       (PGlite in memory)
 *   BENCH_DATABASE_URL=postgres://... npm run bench -w @lumen/server   (also PostgreSQL)
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=10 to change the defaults.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { appPlugin } from '../apps/server/src/app.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { chargeForService, grantCredits } from '../apps/server/src/modules/credits/credits.service.ts';
import { generateApiKey } from '../apps/server/src/modules/api-keys/key-secrets.ts';
import { apiKeys } from '../apps/server/src/modules/api-keys/tables.ts';
import { testConfig } from '../apps/server/src/test/build-test-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Row = { name: string; perSecond: number; p50: number; p99: number; errors: number };

async function openDatabase(url: string | undefined): Promise<{ database: Database; label: string; drop: () => Promise<void> }> {
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
    database: await createDatabase({ databaseUrl: target.toString(), maxConnections: 10 }),
    label: `PostgreSQL ${version ?? ''} (${target.host}, pool 10)`.trim(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function http(url: string, headers: Record<string, string> = {}): Promise<Row & { non2xx: number }> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  return {
    name: '',
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `workers` loops charging one credit each, for SECONDS; ops/s and per-charge latency. */
async function chargeLoop(database: Database, userId: string, workers: number): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const run = async (worker: number) => {
    for (let index = 0; performance.now() < deadline; index += 1) {
      const t0 = performance.now();
      try {
        await chargeForService(database.db, { userId, serviceKey: 'image-generator', idempotencyKey: `bench:${workers}:${worker}:${index}` });
        latencies.push(performance.now() - t0);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, worker) => run(worker)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { name: '', perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

async function benchOne(url: string | undefined): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lumen-bench-'));
  const { database, label, drop } = await openDatabase(url);
  const app = Fastify({ logger: false });
  try {
    await app.register(appPlugin, { config: testConfig(dataDir), database, ownsDatabase: false, print: () => undefined });
    app.get('/bench/bare', async () => ({ ok: true }));
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { firstName: 'Bench', lastName: 'User', email, password: 'bench-password-1' },
    });
    const { user, accessToken } = registered.json().data as { user: { id: string }; accessToken: string };
    await grantCredits(database.db, { userId: user.id, amount: 100_000_000, kind: 'purchase', idempotencyKey: `bench:${user.id}` });

    const rows: Row[] = [];
    const bare = await http(`${address}/bench/bare`);
    rows.push({ ...bare, name: `GET /bench/bare (HTTP, ${CONNECTIONS} connections)` });
    // A key with a limit the bench cannot reach, so every request does the full key path and answers 200.
    const key = generateApiKey();
    await database.db.insert(apiKeys).values({ userId: user.id, name: 'bench', keyPrefix: key.keyPrefix, keyHash: key.keyHash, rateLimit: 2_000_000_000 });
    const byJwt: Row[] = [];
    const byKey: Row[] = [];
    for (let round = 1; round <= 2; round += 1) {
      const jwt = await http(`${address}/api/v1/credits/balance`, { authorization: `Bearer ${accessToken}` });
      if (jwt.non2xx > 0) throw new Error(`GET /credits/balance (JWT) answered ${jwt.non2xx} non-2xx responses`);
      byJwt.push(jwt);
      rows.push({ ...jwt, name: `GET /api/v1/credits/balance, JWT, round ${round} (HTTP, ${CONNECTIONS} connections)` });
      const apiKey = await http(`${address}/api/v1/credits/balance`, { 'x-api-key': key.apiKey });
      if (apiKey.non2xx > 0) throw new Error(`GET /credits/balance (API key) answered ${apiKey.non2xx} non-2xx responses`);
      byKey.push(apiKey);
      rows.push({ ...apiKey, name: `GET /api/v1/credits/balance, API key, round ${round} (HTTP, ${CONNECTIONS} connections)` });
    }
    const mean = (list: Row[]) => list.reduce((sum, row) => sum + row.perSecond, 0) / list.length;
    const keyCost = mean(byJwt) / mean(byKey) - 1;
    rows.push({ ...(await chargeLoop(database, user.id, 1)), name: 'charge, in-process, 1 at a time' });
    rows.push({ ...(await chargeLoop(database, user.id, CONNECTIONS)), name: `charge, in-process, ${CONNECTIONS} concurrent (one account)` });

    const base = rows[0]!.perSecond;
    const lines = [
      `### ${label}`,
      '',
      '| measurement | req or ops/s | p50 ms | p99 ms | errors | ratio to bare |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (row) =>
          `| ${row.name} | ${row.perSecond.toFixed(0)} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.errors} | ${(row.perSecond / base).toFixed(3)} |`,
      ),
      '',
      `API key vs JWT on GET /credits/balance: ${mean(byKey).toFixed(0)} vs ${mean(byJwt).toFixed(0)} req/s (mean of 2 rounds); ` +
        `time per request by key relative to JWT: ${keyCost >= 0 ? '+' : ''}${(keyCost * 100).toFixed(1)} % (goal: at most +10 %).`,
      '',
    ];
    return lines.join('\n');
  } finally {
    await app.close();
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 500)); // let pooled sockets finish closing before DROP ... FORCE
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const header = [
    `## ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`,
    `${SECONDS} s per measurement, ${CONNECTIONS} connections, global rate limit off, loopback only.`,
    '',
  ].join('\n');
  process.stdout.write(`${header}\n`);
  for (const url of [undefined, process.env.BENCH_DATABASE_URL].filter((value, index) => index === 0 || value)) {
    process.stdout.write(`${await benchOne(url)}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
