/**
 * The hot read and write paths of issue 9, each measured right after a bare route in the same run
 * (bare, route, bare, route ...) so every ratio compares like with like under the same machine load:
 *   - GET /api/v1/credits/balance with a JWT (jose verify + prepared session lookup + balance read)
 *   - GET /api/v1/credits/balance with an API key (hash lookup, rate-limit window, usage counter)
 *   - POST /api/v1/jobs (sales-pilot with pasted text: validation, one transaction with the charge)
 *   - the pricing page's data: GET /api/v1/credits/packages and GET /api/v1/payment/plans (guest)
 * On PostgreSQL only (BENCH_DATABASE_URL, required): a fresh database `bench_<random>` is created and
 * dropped. The worker is off, so POST /jobs measures submission only. After the run the script checks
 * balance = sum of the ledger.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:operations -w @lumen/server
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=10 are the defaults.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { appPlugin } from '../apps/server/src/app.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { grantCredits } from '../apps/server/src/modules/credits/credits.service.ts';
import { findCreditAccount, sumLedger } from '../apps/server/src/modules/credits/credits.repository.ts';
import { generateApiKey } from '../apps/server/src/modules/api-keys/key-secrets.ts';
import { apiKeys } from '../apps/server/src/modules/api-keys/tables.ts';
import { testConfig } from '../apps/server/src/test/build-test-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const POOL = 10;

type Measured = { perSecond: number; p50: number; p99: number; errors: number; non2xx: number };

async function measure(options: autocannon.Options): Promise<Measured> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('set BENCH_DATABASE_URL (postgres://user@host:5432/postgres); this bench runs on PostgreSQL');
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '';
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;

  const dataDir = await mkdtemp(join(tmpdir(), 'lumen-bench-'));
  const database = await createDatabase({ databaseUrl: target.toString(), maxConnections: POOL });
  const app = Fastify({ logger: false });
  const lines: string[] = [];
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
    // A key with a limit the bench cannot reach, so every request takes the full key path and answers 200.
    const key = generateApiKey();
    await database.db.insert(apiKeys).values({ userId: user.id, name: 'bench', keyPrefix: key.keyPrefix, keyHash: key.keyHash, rateLimit: 2_000_000_000 });

    const cases: { label: string; options: autocannon.Options }[] = [
      { label: 'GET /api/v1/credits/balance, JWT', options: { url: `${address}/api/v1/credits/balance`, headers: { authorization: `Bearer ${accessToken}` } } },
      { label: 'GET /api/v1/credits/balance, API key', options: { url: `${address}/api/v1/credits/balance`, headers: { 'x-api-key': key.apiKey } } },
      {
        label: 'POST /api/v1/jobs, sales-pilot, JWT',
        options: {
          url: `${address}/api/v1/jobs`,
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            service: 'sales-pilot',
            params: { text: 'Seller: Hi, thanks for your time today. Buyer: Happy to talk, but the price worries me a little.' },
            files: {},
          }),
        },
      },
      { label: 'GET /api/v1/credits/packages (pricing page, guest)', options: { url: `${address}/api/v1/credits/packages` } },
      { label: 'GET /api/v1/payment/plans (pricing page, guest)', options: { url: `${address}/api/v1/payment/plans` } },
    ];

    lines.push(
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ` +
        `PostgreSQL ${version} (${target.host}, pool ${POOL})`,
      `${SECONDS} s per measurement, ${CONNECTIONS} connections, worker off, global rate limit off, loopback only; ` +
        `load average at start ${loadavg()[0]!.toFixed(1)}.`,
      '',
      '| route | bare req/s | route req/s | ratio to bare | p50 ms | p99 ms | errors | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const { label, options } of cases) {
      const bare = await measure({ url: `${address}/bench/bare` });
      const route = await measure(options);
      lines.push(
        `| ${label} | ${bare.perSecond.toFixed(0)} | ${route.perSecond.toFixed(0)} | ${(route.perSecond / bare.perSecond).toFixed(3)} | ` +
          `${route.p50.toFixed(1)} | ${route.p99.toFixed(1)} | ${route.errors} | ${route.non2xx} |`,
      );
      process.stderr.write(`${lines.at(-1)}\n`);
    }

    // Requests autocannon gave up on (timeouts) may still be committing: wait until the ledger is quiet.
    let ledgerSum = -1;
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const account = await findCreditAccount(database.db, user.id);
      ledgerSum = await sumLedger(database.db, user.id);
      if (account && account.balance === ledgerSum) break;
      if (attempt === 59) throw new Error(`balance ${account?.balance} differs from ledger ${ledgerSum}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    lines.push('', `Balance after the run equals the ledger sum (${ledgerSum} credits left).`, '');
  } finally {
    await app.close();
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 500)); // let pooled sockets close before DROP ... FORCE
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    await rm(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
