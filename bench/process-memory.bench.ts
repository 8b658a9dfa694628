/**
 * Resident memory of each process kind as production runs it (compiled JavaScript, NODE_ENV=production), each kind on
 * a fresh PostgreSQL database (BENCH_DATABASE_URL's server), and `npm start` on a fresh embedded PGlite, the default:
 *   - the API alone (`npm run start:api`), the worker alone (`npm run worker`, beside an API process that takes the
 *     submissions) and the API with its in-process worker (`npm start`), on PostgreSQL and on PGlite;
 *   - idle after the first start, which migrates and seeds (a process that runs jobs also makes the featured community
 *     posts and the starter try-on catalogue), and idle after a restart on the same database;
 *   - the peak while a process that runs jobs runs a batch of built-in jobs: images, sounds and sales analyses.
 * Idle is read SETTLE_SECONDS after the process is ready and its start-up work is done, once V8's memory reducer has
 * given back what the start used. Prints a Markdown table for bench/RESULTS.md.
 *
 *   npm run bench:memory      (PostgreSQL at postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_MEMORY_KINDS=pglite npm run bench:memory      (only some kinds: api, worker, npm-start, pglite)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, createBenchPopulation } from './support/bench-population.ts';
import { createServerDatabase, startProductionServer, startProductionWorker } from './support/server-process.ts';
import type { RunningProcess } from './support/server-process.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SETTLE_SECONDS = 25;
const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** The batch: each of these jobs several times, submitted at once, as a few people using the tools together would. */
const JOB_BATCH = [
  { service: 'image-generator', params: { prompt: 'a calm sunset over the sea with mountains', style: 'landscape', numberOfImages: 4 } },
  { service: 'image-generator', params: { prompt: 'a night city skyline with stars', style: 'neon', aspectRatio: '16:9' } },
  { service: 'sound-generator', params: { prompt: 'gentle rain with soft piano', durationSeconds: 8, format: 'wav' } },
  {
    service: 'sales-pilot',
    params: {
      text:
        'Seller: Hi, thanks for your time today. How are you handling reporting at the moment? ' +
        'Buyer: Mostly spreadsheets, and it takes my team a day every week. The price of your plan worries me a little. ' +
        'Seller: That makes sense. If it saved that day every week, would the price still be the main question? ' +
        'Buyer: Probably not. Can you send me a proposal by Friday?',
    },
  },
];
const BATCH_REPEATS = 5;

/** Waits until `ready` holds, checking every half second, for at most `seconds`. */
async function waitUntil(what: string, seconds: number, ready: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < seconds * 2; waited += 1) {
    if (await ready()) return;
    await pause(0.5);
  }
  throw new Error(`${what} did not happen within ${seconds} s`);
}

/** The featured posts (five) and the starter try-on catalogue, which a process that runs jobs makes on a first start. */
async function waitForStartUpWork(apiAddress: string, token: string): Promise<void> {
  await waitUntil('the featured posts and the try-on catalogue', 180, async () => {
    const gallery = await call<{ total: number }>(apiAddress, '/api/v1/community/posts');
    const models = await call<unknown[]>(apiAddress, '/api/v1/try-on/models', { token });
    return gallery.total >= 5 && models.length > 0;
  });
}

/** Submits the batch through the API and waits until every job has finished; says how many succeeded, and why others failed. */
async function runJobBatch(apiAddress: string, token: string): Promise<string> {
  const submitted = await Promise.all(
    Array.from({ length: BATCH_REPEATS }, () => JOB_BATCH)
      .flat()
      .map((job) => call<{ id: string }>(apiAddress, '/api/v1/jobs', { method: 'POST', token, body: { ...job, files: {} } })),
  );
  const finished = new Map<string, { service: string; status: string; error: string | null }>();
  await waitUntil('the job batch', 300, async () => {
    for (const { id } of submitted) {
      if (finished.has(id)) continue;
      const job = await call<{ service: string; status: string; error: string | null }>(apiAddress, `/api/v1/jobs/${id}`, { token });
      if (job.status === 'succeeded' || job.status === 'failed') finished.set(id, job);
    }
    return finished.size === submitted.length;
  });
  const failures = [...finished.values()].filter((job) => job.status === 'failed').map((job) => `${job.service}: ${job.error}`);
  const succeeded = `${submitted.length - failures.length} of ${submitted.length} jobs succeeded`;
  return failures.length === 0 ? succeeded : `${succeeded}; failed: ${[...new Set(failures)].join('; ')}`;
}

type Row = { kind: string; firstIdle: number; firstPeak: number; jobsPeak: number | null; restartIdle: number; note: string };

/** Idle RSS SETTLE_SECONDS from now. */
async function settledRss(running: RunningProcess): Promise<number> {
  await pause(SETTLE_SECONDS);
  return running.rssMb();
}

async function measureApiOnly(databaseUrl: string): Promise<Row> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lumen-memory-bench-'));
  try {
    let api = await startProductionServer(databaseUrl, { dataDir });
    const firstIdle = await settledRss(api);
    const firstPeak = api.peakRssMb();
    await api.stop();
    api = await startProductionServer(databaseUrl, { dataDir });
    const restartIdle = await settledRss(api);
    await api.stop();
    return {
      kind: 'API only (`npm run start:api`)',
      firstIdle,
      firstPeak,
      jobsPeak: null,
      restartIdle,
      note: 'its peak under 2,500 submissions a second is in `npm run bench:api`',
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A kind that runs jobs: `npm run worker` beside an API process that takes the submissions (not measured), or
 * `npm start`, which takes them itself.
 */
async function measureJobRunner(databaseUrl: string | undefined, kind: 'worker' | 'api with worker'): Promise<Row> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lumen-memory-bench-'));
  const startRunner = () =>
    kind === 'worker' ? startProductionWorker(databaseUrl!, dataDir) : startProductionServer(databaseUrl, { dataDir, worker: true });
  let api: RunningProcess | null = null;
  try {
    // The API process migrates and seeds the admin before the worker starts.
    if (kind === 'worker') api = await startProductionServer(databaseUrl, { dataDir });
    let runner = await startRunner();
    const apiAddress = (api ?? runner).address;
    const { users } = await createBenchPopulation(apiAddress, 1, 0);
    const token = users[0]!.accessToken;
    await waitForStartUpWork(apiAddress, token);
    const firstPeak = runner.peakRssMb();
    const firstIdle = await settledRss(runner);
    runner.resetPeak();
    const batch = await runJobBatch(apiAddress, token);
    const jobsPeak = runner.peakRssMb();
    await runner.stop();
    runner = await startRunner();
    const restartIdle = await settledRss(runner);
    await runner.stop();
    return {
      kind:
        kind === 'worker'
          ? 'worker only (`npm run worker`)'
          : `API with its worker (\`npm start\`)${databaseUrl ? '' : ', embedded PGlite'}`,
      firstIdle,
      firstPeak,
      jobsPeak,
      restartIdle,
      note: `first start made the featured posts and the try-on catalogue; ${batch}`,
    };
  } finally {
    await api?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  let label = 'embedded PGlite only';
  const chosen = process.env.BENCH_MEMORY_KINDS?.split(',').map((name) => name.trim());
  const kinds: [string, (url: string) => Promise<Row>][] = [
    ['api', measureApiOnly],
    ['worker', (url) => measureJobRunner(url, 'worker')],
    ['npm-start', (url) => measureJobRunner(url, 'api with worker')],
  ];
  for (const [name, measure] of kinds) {
    if (chosen && !chosen.includes(name)) continue;
    const database = await createServerDatabase(serverUrl);
    label = database.label;
    try {
      rows.push(await measure(database.url));
      process.stderr.write(`${rows.at(-1)!.kind}: done\n`);
    } finally {
      await database.drop();
    }
  }
  // The default install: `npm start` without DATABASE_URL, on the embedded PGlite in its DATA_DIR.
  if (!chosen || chosen.includes('pglite')) {
    rows.push(await measureJobRunner(undefined, 'api with worker'));
    process.stderr.write(`${rows.at(-1)!.kind}: done\n`);
  }
  const mb = (value: number | null) => (value === null ? '' : `${value.toFixed(0)} MB`);
  const lines = [
    `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores, Node ${process.version}, ${label}`,
    `Compiled JavaScript, NODE_ENV=production, each kind on a fresh database (PGlite: a fresh DATA_DIR); idle is ${SETTLE_SECONDS} s after the start and its start-up work. ` +
      `The job batch is ${BATCH_REPEATS} × (${JOB_BATCH.map((job) => job.service).join(', ')}), submitted at once.`,
    '',
    '| process | first start: peak | first start: idle | peak running the job batch | restart: idle | |',
    '|---|---:|---:|---:|---:|---|',
    ...rows.map(
      (row) => `| ${row.kind} | ${mb(row.firstPeak)} | ${mb(row.firstIdle)} | ${mb(row.jobsPeak)} | ${mb(row.restartIdle)} | ${row.note} |`,
    ),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
