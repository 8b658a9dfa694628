/**
 * Processes for the API bench: the production server (`NODE_ENV=production`, worker off, compiled or through tsx)
 * and a bare Fastify yardstick, each in its own process, so their throughput and their memory are measured as they
 * run in production.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

export type RunningProcess = {
  address: string;
  pid: number;
  /** Resident memory now, in MB (VmRSS). */
  rssMb: () => number;
  /** The highest resident memory so far, in MB (VmHWM). */
  peakRssMb: () => number;
  /** Starts the peak over from the current resident memory (Linux: `5` written to /proc/PID/clear_refs). */
  resetPeak: () => void;
  stop: () => Promise<void>;
};

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Resolves once a line of the child's stdout matches; the rest of its output is read and dropped without being looked
 * at, so the bench's process, which also runs autocannon, spends nothing on the server's request log.
 */
function waitForLine(child: ChildProcess, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 120 s: ${stderr}`)), 120_000);
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const onOutput = (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = pattern.exec(buffered);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onOutput);
        child.stdout?.resume(); // flowing with no listener: what comes is dropped
        resolve(match);
      } else if (buffered.length > 100_000) buffered = buffered.slice(-10_000);
    };
    child.stdout?.on('data', onOutput);
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}: ${stderr}`)));
  });
}

function running(child: ChildProcess, address: string, cleanup: () => Promise<void> = async () => undefined): RunningProcess {
  const pid = child.pid!;
  return {
    address,
    pid,
    rssMb: () => statusField(pid, 'VmRSS'),
    peakRssMb: () => statusField(pid, 'VmHWM'),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await cleanup();
    },
  };
}

export async function startBareFastify(): Promise<RunningProcess> {
  const child = spawn(process.execPath, [join(repoRoot, 'bench/support/bare-fastify.mjs')], { stdio: ['ignore', 'pipe', 'pipe'] });
  const [, address] = await waitForLine(child, /listening (\S+)\n/, 'bare Fastify');
  return running(child, address!);
}

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-2026' };

/**
 * How the server runs: 'compiled' is what `npm start`, `npm run start:api` and `npm run worker` run (the JavaScript
 * that scripts/build-server.mjs writes to apps/server/dist, built here first); 'tsx' is the TypeScript through the
 * tsx loader, as production ran it before decision 046. BENCH_SERVER=tsx picks the latter.
 */
export type ServerMode = 'compiled' | 'tsx';

export const benchServerMode: ServerMode = process.env.BENCH_SERVER === 'tsx' ? 'tsx' : 'compiled';

/** Node's arguments for the server or the worker in that mode (the compiled build made first). */
export function serverProcessArgs(entry: 'server' | 'worker', mode: ServerMode = benchServerMode): string[] {
  const options = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []; // e.g. --cpu-prof, V8 flags to try
  if (mode === 'tsx') return [...options, '--import', 'tsx', join(repoRoot, `apps/server/src/${entry}.ts`)];
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build-server.mjs')], { cwd: repoRoot, stdio: 'ignore' });
  return [...options, join(repoRoot, `apps/server/dist/${entry}.js`)];
}

/** The environment of a production process; the per-IP limits are off so one loopback client can be 200 people. */
function productionEnv(
  databaseUrl: string | undefined,
  dataDir: string,
  port: number,
  worker: boolean,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    WORKER_ENABLED: worker ? 'true' : 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    RATE_LIMIT_PER_MINUTE: '0',
    SIGNUPS_PER_IP_PER_HOUR: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // The pool's size and glibc's allocator settings (MALLOC_ARENA_MAX, ...), for measuring their effect.
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('MALLOC_') || name === 'DATABASE_POOL_SIZE')),
    ...extra,
  };
}

/**
 * The server as `npm run start:api` runs it (compiled JavaScript unless `mode` is 'tsx', NODE_ENV=production, no
 * worker), on a database URL or, without one, on the embedded PGlite in a temporary folder. `worker: true` runs the
 * job worker in the same process (`npm start`). A `dataDir` given is kept when the process stops (a restart, or a
 * separate worker sharing its files); without one, a temporary folder is made and removed.
 */
export async function startProductionServer(
  databaseUrl: string | undefined,
  options: { mode?: ServerMode; worker?: boolean; dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'lumen-api-bench-')));
  const port = await freePort();
  const child = spawn(process.execPath, serverProcessArgs('server', options.mode), {
    cwd: repoRoot,
    env: productionEnv(databaseUrl, dataDir, port, options.worker ?? false, options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForLine(child, /is ready at/, 'the production server');
  return running(child, `http://127.0.0.1:${port}`, async () => {
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  });
}

/**
 * The job worker as `npm run worker` runs it (compiled, NODE_ENV=production), on a database URL, storing in `dataDir`;
 * `env` adds to (or overrides) its environment.
 */
export async function startProductionWorker(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningProcess> {
  const child = spawn(process.execPath, serverProcessArgs('worker'), {
    cwd: repoRoot,
    env: productionEnv(databaseUrl, dataDir, 0, true, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForLine(child, /job worker started/, 'the job worker');
  return running(child, '');
}

/** A new database `bench_<random>` on the PostgreSQL server at `serverUrl`, and how to drop it. */
export async function createServerDatabase(serverUrl: string): Promise<{ url: string; label: string; drop: () => Promise<void> }> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '';
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL ${version.split(' ')[0]} (${url.host})`,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
