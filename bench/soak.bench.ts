/**
 * Memory over time of each process kind that runs jobs, as production runs it (compiled JavaScript,
 * NODE_ENV=production), each on a fresh PostgreSQL database (BENCH_DATABASE_URL's server):
 *   - `npm start`: the API with its in-process worker, taking the load itself;
 *   - `npm run worker`: the worker alone, beside an API process that takes the load (the worker is what is watched).
 * Load, for the whole run: jobs of every built-in service at a steady rate (one a second by default: per eight jobs,
 * three images, a 4-second sound, a sales analysis, an AI background, a try-on and a speed painting), and reads: the
 * cached package list and community gallery, and each account's balance and job list, about 40 a second.
 * Every 15 s it prints the watched process's RSS, V8 heap used and external memory (the process reports them itself,
 * bench/support/memory-reporter.mjs). At the end: flat when the last third's peak is at most 1.10 × the middle third's,
 * for RSS and for external memory (where the leak of issue 40 showed first), and every job settled, each account's
 * balance its grant less the cost of its jobs that succeeded.
 *
 *   npm run bench:soak                         both kinds, 30 minutes each, one after the other
 *   npm run bench:soak -- --minutes 5 --kind worker       (or SOAK_MINUTES=5, SOAK_KIND=start|worker)
 *   SOAK_JOBS_PER_SECOND=2                     another job rate
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_PASSWORD, call, createBenchPopulation } from './support/bench-population.ts';
import type { BenchUser } from './support/bench-population.ts';
import { createServerDatabase, startProductionServer, startProductionWorker } from './support/server-process.ts';
import type { RunningProcess } from './support/server-process.ts';

const here = dirname(fileURLToPath(import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { values: args } = parseArgs({
  options: { minutes: { type: 'string' }, kind: { type: 'string' }, 'jobs-per-second': { type: 'string' } },
  allowPositionals: false,
});
const MINUTES = Number(args.minutes ?? process.env.SOAK_MINUTES ?? 30);
const KINDS = (args.kind ?? process.env.SOAK_KIND ?? 'start,worker').split(',') as ('start' | 'worker')[];
const JOBS_PER_SECOND = Number(args['jobs-per-second'] ?? process.env.SOAK_JOBS_PER_SECOND ?? 1);
const PRINT_EVERY_MS = 15_000;
const READS_PER_TICK = 4; // every 100 ms
const ACCOUNTS = 4;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Sample = { at: number; pid: number; rss: number; heapUsed: number; external: number; arrayBuffers: number };
type JobSpec = { service: string; params: Record<string, unknown>; files?: Record<string, 'picture' | 'person' | 'garment'> };

const TRANSCRIPT = [
  'Seller: Thanks for joining. What are you using today for your reporting?',
  'Buyer: Spreadsheets mostly. Honestly the price of your tool worries me.',
  'Seller: Understood. Many teams save ten hours a week, which pays for it. Shall we book a demo next Tuesday?',
  'Buyer: Yes, Tuesday works. Send me the proposal before then.',
].join('\n');

/** Eight jobs, repeated: two image-generator jobs for each 4-second sound, as in issue 40, and every other built-in service. */
const JOB_CYCLE: JobSpec[] = [
  { service: 'image-generator', params: { prompt: 'a calm sunset over the sea with mountains', style: 'landscape' } },
  { service: 'sound-generator', params: { prompt: 'gentle rain with soft piano', durationSeconds: 4, format: 'wav' } },
  { service: 'image-generator', params: { prompt: 'a night city skyline with stars', style: 'neon', aspectRatio: '16:9' } },
  { service: 'sales-pilot', params: { text: TRANSCRIPT } },
  { service: 'ai-background', params: { mode: 'color', color: '#336699' }, files: { image: 'picture' } },
  { service: 'image-generator', params: { prompt: 'a red fox in a snowy forest' } },
  { service: 'virtual-try-on', params: { category: 'top', consentToLikeness: true }, files: { person: 'person', garment: 'garment' } },
  { service: 'speedpainting', params: { durationSeconds: 5, resolution: '480p', style: 'sketch' }, files: { image: 'picture' } },
];

const fixtures = join(here, '../packages/engines/src/virtual-try-on/fixtures');

async function upload(address: string, token: string, path: string, purpose: string): Promise<string> {
  const form = new FormData();
  form.set('purpose', purpose);
  form.set('file', new Blob([await readFile(path)], { type: 'image/jpeg' }), path.split('/').at(-1));
  const response = await fetch(`${address}/api/v1/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const payload = (await response.json()) as { data: { id: string }; message?: string };
  if (!response.ok) throw new Error(`upload ${path}: ${response.status} ${payload.message ?? ''}`);
  return payload.data.id;
}

/** Reads the samples the watched process wrote (one JSON line each), those of `pid` only. */
async function samplesOf(file: string, pid: number): Promise<Sample[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Sample)
    .filter((sample) => sample.pid === pid);
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

type Outcome = { kind: string; lines: string[]; flat: boolean; paid: boolean };

async function soak(kind: 'start' | 'worker', databaseUrl: string): Promise<Outcome> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lumen-soak-'));
  const memoryFile = join(dataDir, 'memory.jsonl');
  await writeFile(memoryFile, '');
  const reporterEnv = {
    NODE_OPTIONS: `--import=${join(here, 'support/memory-reporter.mjs')}`,
    LUMEN_BENCH_MEMORY_FILE: memoryFile,
    FREE_JOBS_PER_DAY: '0', // AI background is free: without this, one account runs 50 a day
  };
  let api: RunningProcess | null = null;
  let watched: RunningProcess | null = null;
  try {
    if (kind === 'worker') {
      api = await startProductionServer(databaseUrl, { dataDir, env: { FREE_JOBS_PER_DAY: '0' } });
      watched = await startProductionWorker(databaseUrl, dataDir, reporterEnv);
    } else {
      watched = await startProductionServer(databaseUrl, { dataDir, worker: true, env: reporterEnv });
    }
    const address = (api ?? watched).address;
    const { users } = await createBenchPopulation(address, ACCOUNTS, 0);
    const costs = await call<Record<string, number>>(address, '/api/v1/credits/costs');
    const inputs = await Promise.all(
      users.map(async (user) => ({
        picture: await upload(address, user.accessToken, join(fixtures, 'no-person-terrace.jpg'), 'image'),
        person: await upload(address, user.accessToken, join(fixtures, 'standing-hands-clasped.jpg'), 'image'),
        garment: await upload(address, user.accessToken, join(fixtures, 'sitting.jpg'), 'image'),
      })),
    );

    // Access tokens last 15 minutes: each account signs in again every 10.
    const signIn = async () => {
      for (const user of users) {
        const { accessToken } = await call<{ accessToken: string }>(address, '/api/v1/auth/login', {
          method: 'POST',
          body: { email: user.email, password: BENCH_PASSWORD },
        });
        user.accessToken = accessToken;
      }
    };

    const started = Date.now();
    const endsAt = started + MINUTES * 60_000;
    const signInLoop = (async () => {
      while (Date.now() < endsAt - 60_000) {
        await pause(Math.min(10 * 60_000, Math.max(0, endsAt - Date.now())));
        if (Date.now() < endsAt)
          await signIn().catch((error: unknown) => process.stderr.write(`signing in: ${(error as Error).message}\n`));
      }
    })();
    const pending = new Map<string, { user: BenchUser; service: string }>();
    const settled = { succeeded: 0, failed: 0, failures: new Map<string, number>() };
    const spentBy = new Map<string, number>(users.map((user) => [user.id, 0]));
    let submitted = 0;
    let refused = 0;
    let reads = 0;
    let readErrors = 0;

    const submitLoop = (async () => {
      for (let n = 0; Date.now() < endsAt; n += 1) {
        const due = started + (n * 1000) / JOBS_PER_SECOND;
        if (due > Date.now()) await pause(due - Date.now());
        const spec = JOB_CYCLE[n % JOB_CYCLE.length]!;
        const userIndex = n % users.length;
        const user = users[userIndex]!;
        const files = Object.fromEntries(Object.entries(spec.files ?? {}).map(([field, which]) => [field, inputs[userIndex]![which]]));
        try {
          const job = await call<{ id: string }>(address, '/api/v1/jobs', {
            method: 'POST',
            token: user.accessToken,
            body: { service: spec.service, params: spec.params, files },
          });
          pending.set(job.id, { user, service: spec.service });
          submitted += 1;
        } catch (error) {
          refused += 1;
          if (refused <= 3) process.stderr.write(`submission refused: ${(error as Error).message}\n`);
        }
      }
    })();

    const settleOnce = async () => {
      for (const [id, { user, service }] of [...pending]) {
        const job = await call<{ status: string; error: string | null }>(address, `/api/v1/jobs/${id}`, { token: user.accessToken });
        if (job.status !== 'succeeded' && job.status !== 'failed') continue;
        pending.delete(id);
        if (job.status === 'succeeded') {
          settled.succeeded += 1;
          spentBy.set(user.id, spentBy.get(user.id)! + (costs[service] ?? 0));
        } else {
          settled.failed += 1;
          const reason = `${service}: ${job.error}`;
          settled.failures.set(reason, (settled.failures.get(reason) ?? 0) + 1);
        }
      }
    };
    const settleLoop = (async () => {
      while (Date.now() < endsAt) {
        await settleOnce().catch((error: unknown) => process.stderr.write(`reading jobs: ${(error as Error).message}\n`));
        await pause(2_000);
      }
    })();

    const readLoop = (async () => {
      const paths = (user: BenchUser) => [
        ['/api/v1/credits/packages', undefined],
        ['/api/v1/community/posts', undefined],
        ['/api/v1/credits/balance', user.accessToken],
        ['/api/v1/jobs?limit=20', user.accessToken],
      ];
      for (let tick = 0; Date.now() < endsAt; tick += 1) {
        const user = users[tick % users.length]!;
        const batch = paths(user).slice(0, READS_PER_TICK);
        await Promise.all(
          batch.map(([path, token]) =>
            call(address, path!, { token }).then(
              () => (reads += 1),
              () => (readErrors += 1),
            ),
          ),
        );
        await pause(100);
      }
    })();

    const lines: string[] = [];
    const printLoop = (async () => {
      for (let tick = 1; Date.now() < endsAt; tick += 1) {
        await pause(Math.min(PRINT_EVERY_MS, Math.max(0, endsAt - Date.now())));
        const last = (await samplesOf(memoryFile, watched!.pid)).at(-1);
        if (!last) continue;
        const line =
          `${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s  RSS ${mb(last.rss).padStart(4)} MB  ` +
          `heap used ${mb(last.heapUsed).padStart(4)} MB  external ${mb(last.external).padStart(4)} MB  ` +
          `(array buffers ${mb(last.arrayBuffers)} MB)  jobs ${submitted} submitted, ${settled.succeeded + settled.failed} settled`;
        process.stderr.write(`${kind}: ${line}\n`);
        lines.push(line);
      }
    })();

    await Promise.all([submitLoop, settleLoop, readLoop, printLoop, signInLoop]);
    // Let the last jobs finish (at most ten minutes by the clock: one pass over a long backlog takes a while on a
    // loaded machine), signing in again every ten minutes, then check every account.
    const settleBy = Date.now() + 10 * 60_000;
    let signedInAt = 0;
    while (pending.size > 0 && Date.now() < settleBy) {
      if (Date.now() - signedInAt > 10 * 60_000) {
        await signIn();
        signedInAt = Date.now();
      }
      await settleOnce();
      if (pending.size > 0) await pause(2_000);
    }
    await signIn(); // fresh tokens for the balances
    const wrong: string[] = [];
    for (const user of users) {
      const { balance } = await call<{ balance: number }>(address, '/api/v1/credits/balance', { token: user.accessToken });
      const expected = user.startingBalance - spentBy.get(user.id)!;
      if (balance !== expected) wrong.push(`${user.id}: ${balance}, expected ${expected}`);
    }

    // The flat rule on RSS over the run's thirds; the same figures for heap and external memory are shown beside it.
    const samples = (await samplesOf(memoryFile, watched.pid)).filter((sample) => sample.at >= started && sample.at <= endsAt);
    const third = (MINUTES * 60_000) / 3;
    const peak = (index: number, field: 'rss' | 'heapUsed' | 'external') =>
      Math.max(...samples.filter((sample) => Math.floor((sample.at - started) / third) === index).map((sample) => sample[field]));
    const ratio = (field: 'rss' | 'heapUsed' | 'external') => peak(2, field) / peak(1, field);
    const flat = ratio('rss') <= 1.1 && ratio('external') <= 1.1;
    const paid = pending.size === 0 && wrong.length === 0 && settled.failed === 0 && refused === 0;
    const peaks = (field: 'rss' | 'heapUsed' | 'external') =>
      `${mb(peak(0, field))} / ${mb(peak(1, field))} / ${mb(peak(2, field))} MB (last/middle ${ratio(field).toFixed(2)})`;
    lines.push(
      `peaks by third, first / middle / last: RSS ${peaks('rss')}; heap used ${peaks('heapUsed')}; external ${peaks('external')}`,
      `memory ${flat ? 'FLAT' : 'NOT FLAT'} (flat: the last third's peak of RSS and of external memory each ≤ 1.10 × the middle third's)`,
      `jobs: ${submitted} submitted (${refused} refused), ${settled.succeeded} succeeded, ${settled.failed} failed, ${pending.size} unsettled; ` +
        `${reads} reads (${readErrors} errors); balances: ${wrong.length === 0 ? `all ${users.length} accounts exact` : wrong.join('; ')}` +
        (settled.failures.size ? `; failures: ${[...settled.failures].map(([reason, count]) => `${count} × ${reason}`).join('; ')}` : ''),
    );
    return { kind: kind === 'start' ? '`npm start` (API with its worker)' : '`npm run worker` (beside an API process)', lines, flat, paid };
  } finally {
    await watched?.stop();
    await api?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  let label = '';
  for (const kind of KINDS) {
    const database = await createServerDatabase(serverUrl);
    label = database.label;
    try {
      outcomes.push(await soak(kind, database.url));
    } finally {
      await database.drop();
    }
  }
  const out = [
    `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: soak, ${MINUTES} min per kind, ${cpus().length} cores, Node ${process.version}, ${label}`,
    `Compiled JavaScript, NODE_ENV=production, a fresh database per kind; ${JOBS_PER_SECOND} job/s of ${JOB_CYCLE.map((job) => job.service).join(', ')} ` +
      `(repeated), ${READS_PER_TICK * 10} reads/s; memory as the watched process reports it every 5 s (printed every 15 s).`,
    '',
    ...outcomes.flatMap((outcome) => [`${outcome.kind}:`, '```', ...outcome.lines, '```', '']),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  if (outcomes.some((outcome) => !outcome.flat || !outcome.paid)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
