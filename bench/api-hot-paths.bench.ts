/**
 * The API's hot paths against bare Fastify, each in its own process, as production runs them:
 *   - the server started like `npm run start:api` (NODE_ENV=production, worker off, request logging on) on a fresh
 *     PostgreSQL database (BENCH_DATABASE_URL's server) or, with --pglite, on the embedded PGlite;
 *   - bare Fastify answering {ok:true} (bench/support/bare-fastify.mjs), measured right before each route so
 *     every ratio compares two runs under the same machine load.
 * Job submission goes to POST /api/v1/jobs (sales-pilot with pasted text) from 200 accounts; one run mixes in 10%
 * malformed or unauthorised requests. Afterwards every account's balance must equal its grant minus the cost of
 * the jobs it holds, and it must hold exactly the jobs it was answered 201 for. Prints a Markdown section for
 * bench/RESULTS.md, with the server's resident memory idle and its peak in each phase (sign-ups, reads, job runs).
 *
 *   npm run bench:api                       (PostgreSQL at postgres://postgres@127.0.0.1:5432/postgres)
 *   npm run bench:api -- --pglite           (the embedded default)
 *   BENCH_SECONDS=10 (per measurement), BENCH_DATABASE_URL=postgres://... to use another server,
 *   BENCH_SERVER=tsx to run the server's TypeScript through tsx instead of the compiled build `npm start` runs
 */
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createBenchPopulation } from './support/bench-population.ts';
import { percentile } from './support/percentile.ts';
import type { BenchPopulation } from './support/bench-population.ts';
import { benchServerMode, createServerDatabase, startBareFastify, startProductionServer } from './support/server-process.ts';
import type { RunningProcess } from './support/server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const usePglite = process.argv.includes('--pglite');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Measured = {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** What the failed requests failed with (a timeout, a reset connection), and how many of each. */
  errorKinds: Map<string, number>;
  unexpected: number;
  acceptedPerSecond?: number;
};
type Row = Measured & { label: string; barePerSecond: number };

const SALES_PILOT_BODY = JSON.stringify({
  service: 'sales-pilot',
  params: { text: 'Seller: Hi, thanks for your time today. Buyer: Happy to talk, but the price worries me a little.' },
  files: {},
});

/** The requests of the 10% share: each must be refused with a 4xx and change nothing. */
const BAD_REQUESTS = [
  { headers: { 'content-type': 'application/json' }, body: '{"service": "sales-pilot", "params": ' }, // broken JSON
  { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ service: 'no-such-tool', params: {}, files: {} }) },
  { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ service: 'sales-pilot', params: {}, files: {} }) },
  { headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.token' }, body: SALES_PILOT_BODY },
] as const;

/** Tallies of one job run: 201s (accepted jobs), 4xx refusals, anything else (5xx, another status), and requests built. */
type JobAnswers = { accepted: number; refused: number; unexpected: number; built: number };

/**
 * POST /jobs spread round-robin over the first `accounts` people; with `badEvery` > 0 every `badEvery`-th request is
 * one of BAD_REQUESTS. autocannon does not tie an answer to the request it sent, so the run counts statuses: every
 * answer must be a 201 or (for the bad share) a 4xx. Requests still in flight when the run stops are never answered
 * but may commit, so afterwards the accounts hold at least the accepted jobs and at most that plus the unanswered.
 */
function jobSubmissions(address: string, population: BenchPopulation, accounts: number, badEvery: number) {
  const answers: JobAnswers = { accepted: 0, refused: 0, unexpected: 0, built: 0 };
  const options: autocannon.Options = {
    url: `${address}/api/v1/jobs`,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const sent = (answers.built += 1);
          const token = population.users[sent % accounts]!.accessToken;
          if (badEvery > 0 && sent % badEvery === 0) {
            const bad = BAD_REQUESTS[(sent / badEvery) % BAD_REQUESTS.length]!;
            return { ...request, headers: { authorization: `Bearer ${token}`, ...bad.headers }, body: bad.body };
          }
          return { ...request, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: SALES_PILOT_BODY };
        },
        onResponse: (status: number) => {
          if (status === 201) answers.accepted += 1;
          else if (badEvery > 0 && status >= 400 && status < 500) answers.refused += 1;
          else answers.unexpected += 1;
        },
      },
    ],
  };
  return { options, answers };
}

/**
 * Idle memory is measured once V8's memory reducer has run: it returns the young generation and unused heap pages
 * after about 20 s without allocation, so RSS right after start or after a burst overstates what an idle process holds.
 */
const SETTLE_SECONDS = 25;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));

/**
 * Each load runs this long before its measured seconds, on the same connections, so the figures are the steady state:
 * - not V8 compiling the route's code: the first second of a read ran at 60 % of its later speed, and job submissions,
 *   a longer path, took about 2 s to reach theirs (100 ms slices at a median of 80–115 ms against 52 ms later,
 *   2026-11-27);
 * - and not the connections being opened: Node's libuv (1.45 and later, libuv PR #3696) accepts one new connection per
 *   event-loop iteration, so 100 connections opened at once into a server already busy with the previous ones were
 *   accepted over 0.6–1.5 s (strace: one accept4 per epoll_wait; 2026-11-27). The first request of the last ones
 *   waited that long for its connection, a cost of opening 100 connections at the same instant, not of the route.
 */
const WARM_UP_SECONDS = 3;

/** The answers to the requests a load sent in its measured seconds: their latencies (ms, sorted) and how many were 201. */
type MeasuredWindow = { latencies: number[]; created: number };

/** A failed request's kind: its error code (ECONNRESET) or, for autocannon's timeout, its message. */
const errorKind = (error: Error & { code?: string }) => error.code ?? error.message;

/**
 * Runs `options` from `connections` for the warm-up and then SECONDS, and keeps the answers to the requests sent
 * after the warm-up: a connection the server accepted late still had its first request sent at the start.
 */
async function runLoad(options: autocannon.Options, connections: number) {
  const window: MeasuredWindow = { latencies: [], created: 0 };
  const errorKinds = new Map<string, number>();
  const measuredFrom = performance.now() + WARM_UP_SECONDS * 1000;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections, duration: WARM_UP_SECONDS + SECONDS, ...options }, (error, finished) =>
      error ? reject(error) : resolve(finished),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, latency: number) => {
      if (performance.now() - latency < measuredFrom) return; // sent during the warm-up (every connection's first)
      window.latencies.push(latency);
      if (status === 201) window.created += 1;
    });
    instance.on('reqError', (error: Error) => errorKinds.set(errorKind(error), (errorKinds.get(errorKind(error)) ?? 0) + 1));
  });
  window.latencies.sort((left, right) => left - right);
  return { result, window, errorKinds };
}

const milliseconds = (value: number) => value.toFixed(value < 10 ? 1 : 0);

/**
 * Errors and unexpected answers are counted over the whole load, warm-up included; speed and latency over the window.
 * autocannon's `errors` already counts its timeouts.
 */
function summarise({ result, window, errorKinds }: Awaited<ReturnType<typeof runLoad>>, unexpected = result.non2xx): Measured {
  return {
    perSecond: window.latencies.length / SECONDS,
    p50: percentile(window.latencies, 50),
    p99: percentile(window.latencies, 99),
    errors: result.errors,
    errorKinds,
    unexpected,
  };
}

async function main(): Promise<void> {
  const database = usePglite ? null : await createServerDatabase(serverUrl);
  const databaseLabel = database?.label ?? 'PGlite (embedded, on disk)';
  let server: RunningProcess | null = null;
  let bare: RunningProcess | null = null;
  try {
    bare = await startBareFastify();
    server = await startProductionServer(database?.url);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const startedRss = server.rssMb();
    await settle();
    const idleRss = server.rssMb();
    server.resetPeak();
    const population = await createBenchPopulation(server.address, 200);
    const signUpPeak = server.peakRssMb();
    await settle();
    server.resetPeak();
    const rows: Row[] = [];
    const measure = async (label: string, connections: number, measureRoute: () => Promise<Measured>) => {
      const yardstick = summarise(await runLoad({ url: `${bare!.address}/` }, connections));
      rows.push({ label, barePerSecond: yardstick.perSecond, ...(await measureRoute()) });
      process.stderr.write(`${label}: ${rows.at(-1)!.perSecond.toFixed(0)} req/s\n`);
    };
    let acceptedJobs = 0;
    let unansweredJobs = 0;

    await measure('GET /api/v1/credits/packages (public)', 10, async () =>
      summarise(await runLoad({ url: `${server!.address}/api/v1/credits/packages` }, 10)),
    );
    await measure('GET /api/v1/payment/plans (public)', 10, async () =>
      summarise(await runLoad({ url: `${server!.address}/api/v1/payment/plans` }, 10)),
    );
    await measure('GET /api/v1/credits/costs (public)', 10, async () =>
      summarise(await runLoad({ url: `${server!.address}/api/v1/credits/costs` }, 10)),
    );
    await measure('GET /api/v1/blog/posts (public)', 10, async () =>
      summarise(await runLoad({ url: `${server!.address}/api/v1/blog/posts` }, 10)),
    );
    await measure('GET /api/v1/credits/balance, JWT', 10, async () =>
      summarise(
        await runLoad(
          { url: `${server!.address}/api/v1/credits/balance`, headers: { authorization: `Bearer ${population.users[0]!.accessToken}` } },
          10,
        ),
      ),
    );
    await measure('GET /api/v1/credits/balance, API key', 10, async () => {
      // One fixed request per key, which autocannon builds once and sends in turn, as the JWT run sends its one
      // request, instead of a function building every request in the load generator.
      const requests = population.apiKeys.map((key) => ({ method: 'GET' as const, headers: { 'x-api-key': key } }));
      return summarise(await runLoad({ url: `${server!.address}/api/v1/credits/balance`, requests }, 10));
    });
    const readsPeak = server.peakRssMb();
    server.resetPeak();
    for (const [label, connections, accounts, badEvery] of [
      ['POST /api/v1/jobs, 200 accounts', 100, 200, 0],
      ['POST /api/v1/jobs, 200 accounts, 10% bad requests', 100, 200, 10],
      ['POST /api/v1/jobs, 200 accounts', 10, 200, 0],
      ['POST /api/v1/jobs, one account', 10, 1, 0],
    ] as const) {
      await measure(`${label} (${connections} connections)`, connections, async () => {
        const submissions = jobSubmissions(server!.address, population, accounts, badEvery);
        const load = await runLoad(submissions.options, connections);
        const { accepted, refused, unexpected, built } = submissions.answers;
        acceptedJobs += accepted;
        unansweredJobs += built - accepted - refused - unexpected;
        return { ...summarise(load, submissions.answers.unexpected), acceptedPerSecond: load.window.created / SECONDS };
      });
    }
    const jobsPeak = server.peakRssMb();
    const check = await population.checkBalances(acceptedJobs, unansweredJobs);

    const base = (row: Row) => row.perSecond / row.barePerSecond;
    const lines = [
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
        `Node ${process.version}, ${databaseLabel}`,
      `${SECONDS} s per measurement after ${WARM_UP_SECONDS} s of the same load on the same connections; production server (${benchServerMode === 'tsx' ? 'TypeScript through tsx' : 'compiled JavaScript'}, NODE_ENV=production, worker off, logging at its default level: a line per submission, none per quick successful read) and ` +
        `bare Fastify each in their own process; load average at the end ${loadavg()[0]!.toFixed(1)}.`,
      '',
      '| route | connections | bare req/s | route req/s | ratio to bare | p50 ms | p99 ms | errors | unexpected answers |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map((row) => {
        const connections = /\((\d+) connections\)/.exec(row.label)?.[1] ?? '10';
        return (
          `| ${row.label.replace(/ \(\d+ connections\)/, '')} | ${connections} | ${row.barePerSecond.toFixed(0)} | ${row.perSecond.toFixed(0)} | ` +
          `${base(row).toFixed(3)} | ${milliseconds(row.p50)} | ${milliseconds(row.p99)} | ${row.errors} | ${row.unexpected} |`
        );
      }),
      '',
      ...rows
        .filter((row) => row.errors > 0)
        .map((row) => `Failed requests, ${row.label}: ${[...row.errorKinds].map(([kind, count]) => `${count} × ${kind}`).join(', ')}.`),
      `Accepted jobs per second (201 answers): ${rows
        .filter((row) => row.acceptedPerSecond !== undefined)
        .map((row) => `${row.acceptedPerSecond!.toFixed(0)} (${row.label})`)
        .join(', ')}.`,
      `Jobs: ${acceptedJobs} answered 201 and ${unansweredJobs} requests unanswered when their run stopped; the ` +
        `${population.users.length} accounts hold ${check.jobs} jobs; ${check.summary}.`,
      `Server memory (RSS): ${startedRss.toFixed(0)} MB 2 s after start, ${idleRss.toFixed(0)} MB idle (${SETTLE_SECONDS} s later); ` +
        `peak ${signUpPeak.toFixed(0)} MB while the 200 accounts signed up (argon2id, 19 MiB a hash), ` +
        `${readsPeak.toFixed(0)} MB during the reads, ${jobsPeak.toFixed(0)} MB during the job runs.`,
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (!check.ok) process.exitCode = 1;
  } finally {
    await server?.stop();
    await bare?.stop();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
