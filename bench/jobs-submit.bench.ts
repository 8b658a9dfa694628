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
import { cpus } from 'node:os';
import type autocannon from 'autocannon';
import { findCreditAccount, sumLedger } from '../apps/server/src/modules/credits/credits.repository.ts';
import { measureHttp, salesPilotSubmission, startBenchApp } from './support/bench-app.ts';
import type { Measured } from './support/bench-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);

type Row = Measured & { name: string };

const measure = (options: autocannon.Options) => measureHttp({ connections: CONNECTIONS, duration: SECONDS, ...options });

async function benchOne(url: string | undefined): Promise<string> {
  const { address, database, label, user, accessToken, close } = await startBenchApp(url, { routerOptions: { maxParamLength: 1000 } });
  try {
    const rows: Row[] = [];
    rows.push({ name: `GET /bench/bare (${CONNECTIONS} connections)`, ...(await measure({ url: `${address}/bench/bare` })) });
    const submit = await measure(salesPilotSubmission(address, accessToken));
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
    await close();
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
