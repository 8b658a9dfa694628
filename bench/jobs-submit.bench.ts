/**
 * Job submission throughput: POST /api/v1/jobs (sales-pilot with pasted text) at 100 connections,
 * beside a bare route on the same app. Each submission validates the params, opens one transaction
 * that inserts the job, charges 1 credit (conditional balance update + ledger row) and links the
 * charge, then answers the job with signed links. The worker is off, so only submission is measured;
 * the user has a large purchased balance granted in setup.
 *
 *   npm run bench:jobs -w @lumen/server                                  (PGlite in memory)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:jobs -w @lumen/server (also PostgreSQL)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=100 are the defaults.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { appPlugin } from '../apps/server/src/app.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { grantCredits } from '../apps/server/src/modules/credits/credits.service.ts';
import { findCreditAccount, sumLedger } from '../apps/server/src/modules/credits/credits.repository.ts';
import { testConfig } from '../apps/server/src/test/build-test-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const POOL = 10;

type Row = { name: string; perSecond: number; p50: number; p99: number; errors: number; non2xx: number };

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

async function measure(options: autocannon.Options): Promise<Omit<Row, 'name'>> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function benchOne(url: string | undefined): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lumen-bench-'));
  const { database, label, drop } = await openDatabase(url);
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 1000 } });
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
      payload: { firstName: 'Bench', lastName: 'User', email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'bench-password-1' },
    });
    const { user, accessToken } = registered.json().data as { user: { id: string }; accessToken: string };
    await grantCredits(database.db, { userId: user.id, amount: 100_000_000, kind: 'purchase', idempotencyKey: `bench:${user.id}` });

    const rows: Row[] = [];
    rows.push({ name: `GET /bench/bare (${CONNECTIONS} connections)`, ...(await measure({ url: `${address}/bench/bare` })) });
    const submit = await measure({
      url: `${address}/api/v1/jobs`,
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        service: 'sales-pilot',
        params: { text: 'Seller: Hi, thanks for your time today. Buyer: Happy to talk, but the price worries me a little.' },
        files: {},
      }),
    });
    if (submit.non2xx > 0) throw new Error(`POST /jobs answered ${submit.non2xx} non-2xx responses`);
    rows.push({ name: `POST /api/v1/jobs, sales-pilot (${CONNECTIONS} connections)`, ...submit });

    // Requests autocannon gave up on (timeouts) may still be committing: wait until the server is quiet.
    let ledgerSum = -1;
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const account = await findCreditAccount(database.db, user.id);
      ledgerSum = await sumLedger(database.db, user.id);
      if (account && account.balance === ledgerSum && (await sumLedger(database.db, user.id)) === ledgerSum) break;
      if (attempt === 59) throw new Error(`balance ${account?.balance} differs from ledger ${ledgerSum}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const base = rows[0]!.perSecond;
    return [
      `### ${label}`,
      '',
      '| measurement | req/s | p50 ms | p99 ms | errors | ratio to bare |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (row) =>
          `| ${row.name} | ${row.perSecond.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.errors} | ${(row.perSecond / base).toFixed(3)} |`,
      ),
      '',
      `Balance after the run equals the ledger sum (${ledgerSum} credits left).`,
      '',
    ].join('\n');
  } finally {
    await app.close();
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  process.stdout.write(
    `## ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}\n` +
      `${SECONDS} s per measurement, ${CONNECTIONS} connections, worker off, global rate limit off, loopback only.\n\n`,
  );
  for (const url of [undefined, process.env.BENCH_DATABASE_URL].filter((value, index) => index === 0 || value)) {
    process.stdout.write(`${await benchOne(url)}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
