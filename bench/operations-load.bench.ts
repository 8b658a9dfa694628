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
import { cpus, loadavg } from 'node:os';
import type autocannon from 'autocannon';
import { findCreditAccount, sumLedger } from '../apps/server/src/modules/credits/credits.repository.ts';
import { createBenchApiKey, measureHttp, salesPilotSubmission, startBenchApp } from './support/bench-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const measure = (options: autocannon.Options) => measureHttp({ connections: CONNECTIONS, duration: SECONDS, ...options });

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('set BENCH_DATABASE_URL (postgres://user@host:5432/postgres); this bench runs on PostgreSQL');
  const { address, database, label: databaseLabel, user, accessToken, close } = await startBenchApp(serverUrl);
  const lines: string[] = [];
  try {
    const apiKey = await createBenchApiKey(database, user.id);

    const cases: { label: string; options: autocannon.Options }[] = [
      {
        label: 'GET /api/v1/credits/balance, JWT',
        options: { url: `${address}/api/v1/credits/balance`, headers: { authorization: `Bearer ${accessToken}` } },
      },
      {
        label: 'GET /api/v1/credits/balance, API key',
        options: { url: `${address}/api/v1/credits/balance`, headers: { 'x-api-key': apiKey } },
      },
      { label: 'POST /api/v1/jobs, sales-pilot, JWT', options: salesPilotSubmission(address, accessToken) },
      { label: 'GET /api/v1/credits/packages (pricing page, guest)', options: { url: `${address}/api/v1/credits/packages` } },
      { label: 'GET /api/v1/payment/plans (pricing page, guest)', options: { url: `${address}/api/v1/payment/plans` } },
    ];

    lines.push(
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ` +
        databaseLabel,
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
    await close();
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
