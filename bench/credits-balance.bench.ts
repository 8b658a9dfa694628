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
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Database } from '../apps/server/src/db/database.ts';
import { chargeForService } from '../apps/server/src/modules/credits/credits.service.ts';
import { createBenchApiKey, measureHttp, startBenchApp } from './support/bench-app.ts';
import { percentile } from './support/percentile.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Row = { name: string; perSecond: number; p50: number; p99: number; errors: number };

async function http(url: string, headers: Record<string, string> = {}): Promise<Row & { non2xx: number }> {
  return { name: '', ...(await measureHttp({ url, headers, connections: CONNECTIONS, duration: SECONDS })) };
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
        await chargeForService(database.db, {
          userId,
          serviceKey: 'image-generator',
          idempotencyKey: `bench:${workers}:${worker}:${index}`,
        });
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
  const { address, database, label, user, accessToken, close } = await startBenchApp(url);
  try {
    const rows: Row[] = [];
    const bare = await http(`${address}/bench/bare`);
    rows.push({ ...bare, name: `GET /bench/bare (HTTP, ${CONNECTIONS} connections)` });
    const key = await createBenchApiKey(database, user.id);
    const byJwt: Row[] = [];
    const byKey: Row[] = [];
    for (let round = 1; round <= 2; round += 1) {
      const jwt = await http(`${address}/api/v1/credits/balance`, { authorization: `Bearer ${accessToken}` });
      if (jwt.non2xx > 0) throw new Error(`GET /credits/balance (JWT) answered ${jwt.non2xx} non-2xx responses`);
      byJwt.push(jwt);
      rows.push({ ...jwt, name: `GET /api/v1/credits/balance, JWT, round ${round} (HTTP, ${CONNECTIONS} connections)` });
      const apiKey = await http(`${address}/api/v1/credits/balance`, { 'x-api-key': key });
      if (apiKey.non2xx > 0) throw new Error(`GET /credits/balance (API key) answered ${apiKey.non2xx} non-2xx responses`);
      byKey.push(apiKey);
      rows.push({ ...apiKey, name: `GET /api/v1/credits/balance, API key, round ${round} (HTTP, ${CONNECTIONS} connections)` });
    }
    const mean = (list: Row[]) => list.reduce((sum, row) => sum + row.perSecond, 0) / list.length;
    const keyCost = mean(byJwt) / mean(byKey) - 1;
    rows.push({ ...(await chargeLoop(database, user.id, 1)), name: 'charge, in-process, 1 at a time' });
    rows.push({
      ...(await chargeLoop(database, user.id, CONNECTIONS)),
      name: `charge, in-process, ${CONNECTIONS} concurrent (one account)`,
    });

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
    await close();
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
