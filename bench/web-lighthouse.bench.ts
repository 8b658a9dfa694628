/**
 * Lighthouse 12 (default mobile config: Moto G Power screen, simulated slow 4G and 4× CPU slowdown)
 * on the public pages served by the production server: the home page, pricing, every product page
 * and the blog. Builds the web app first, starts `apps/server/src/server.ts` with NODE_ENV=production
 * on a free loopback port (embedded PGlite in a temporary DATA_DIR), and prints one markdown row per
 * page: the four category scores, FCP, LCP, TBT, CLS, and the JavaScript and total bytes transferred.
 *
 *   npx tsx bench/web-lighthouse.bench.ts [--no-build] [--runs N] [--pages /,/company/pricing] [--json out.json]
 *
 * With --runs N every figure of a page is the median of its N runs (each figure on its own).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { publicPagePaths } from '@lumen/core/content/public-pages';
import { productPathOf, serviceKeys } from '@lumen/core/services/catalogue';

const root = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEFAULT_PAGES = ['/', '/company/pricing', ...serviceKeys.map(productPathOf), '/company/blogs'];

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes on the wire (compressed, with headers) of the requests Lighthouse saw during the load. */
  jsTransferred: number;
  totalTransferred: number;
};

type PageResult = { path: string; median: Figures; runs: Figures[]; warnings: string[] };

function options() {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      runs: { type: 'string', default: '1' },
      pages: { type: 'string' },
      json: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of at least 1, not ${values.runs}`);
  const pages = values.pages ? values.pages.split(',').map((page) => page.trim()) : DEFAULT_PAGES;
  for (const page of pages) {
    if (!publicPagePaths.includes(page)) throw new Error(`${page} is not a public page (@lumen/core/content/public-pages)`);
  }
  return { build: !values['no-build'], runs, pages, json: values.json };
}

function runToEnd(command: string, args: string[]): Promise<void> {
  return new Promise((resolveRun, reject) => {
    // Build output goes to stderr: stdout carries only the report.
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no free port'))));
    });
  });
}

type Server = { baseUrl: string; process: ChildProcess; dataDir: string; output: () => string };

/** The server as `npm start` runs it, in production mode, with throwaway secrets and an empty database. */
async function startServer(): Promise<Server> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lumen-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // No --env-file: a developer's .env (a database, payment keys) must not change what is measured.
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      // Every Lighthouse run comes from 127.0.0.1; the per-IP API limit is one real visitor's budget.
      RATE_LIMIT_PER_MINUTE: '0',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const started = { baseUrl, process: server, dataDir, output: () => output };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/api/v1/ready`)).ok) return started;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 300));
  }
  await stopServer(started);
  throw new Error(`The server did not become ready:\n${output}`);
}

async function stopServer(server: Server): Promise<void> {
  const child = server.process;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  await rm(server.dataDir, { recursive: true, force: true });
}

type NetworkRequest = { resourceType?: string; transferSize?: number };

function figuresOf(lhr: Result): Figures {
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const metric = (audit: string) => {
    const value = lhr.audits[audit]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse gave no ${audit} for ${lhr.finalDisplayedUrl}`);
    return value;
  };
  const details = lhr.audits['network-requests']?.details;
  const requests = (details && details.type === 'table' ? details.items : []) as NetworkRequest[];
  const bytes = (items: NetworkRequest[]) => items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    jsTransferred: bytes(requests.filter((item) => item.resourceType === 'Script')),
    totalTransferred: bytes(requests),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianFigures(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]!) as (keyof Figures)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as Figures;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function table(results: PageResult[]): string {
  return [
    '| page | perf | a11y | best practices | SEO | FCP | LCP | TBT | CLS | JS transferred (KB) | total transferred (KB) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results
      .map(({ path, median: f }) =>
        [
          path,
          f.performance,
          f.accessibility,
          f.bestPractices,
          f.seo,
          seconds(f.fcp),
          seconds(f.lcp),
          `${Math.round(f.tbt)} ms`,
          f.cls.toFixed(3),
          kb(f.jsTransferred),
          kb(f.totalTransferred),
        ].join(' | '),
      )
      .map((row) => `| ${row} |`),
  ].join('\n');
}

async function main(): Promise<void> {
  const { build, runs, pages, json } = options();
  if (build) await runToEnd('npm', ['run', 'build', '-w', '@lumen/web']);
  else if (!existsSync(join(root, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is not built: run without --no-build');

  let server: Server | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      chrome?.kill();
      if (server) await stopServer(server);
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server and Chromium`);
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    server = await startServer();
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox'] });
    const results: PageResult[] = [];
    let environment: Result['environment'] | undefined;
    let lighthouseVersion = '';
    for (const path of pages) {
      const figures: Figures[] = [];
      const warnings: string[] = [];
      for (let run = 1; run <= runs; run += 1) {
        const result = await lighthouse(`${server.baseUrl}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        environment = lhr.environment;
        lighthouseVersion = lhr.lighthouseVersion;
        warnings.push(...lhr.runWarnings);
        figures.push(figuresOf(lhr));
        const last = figures.at(-1)!;
        console.error(
          `${path} run ${run}/${runs}: performance ${last.performance}, LCP ${seconds(last.lcp)}, JS ${kb(last.jsTransferred)} KB`,
        );
      }
      for (const warning of new Set(warnings)) console.error(`${path}: warning: ${warning}`);
      results.push({ path, median: medianFigures(figures), runs: figures, warnings: [...new Set(warnings)] });
    }

    const cpu = cpus();
    console.log(
      [
        '',
        `Lighthouse ${lighthouseVersion}, default mobile config (simulated throttling), ${runs === 1 ? 'one run' : `median of ${runs} runs`} per page`,
        `${environment?.hostUserAgent ?? ''}`,
        `Node ${process.version}, ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Lighthouse benchmarkIndex ${environment?.benchmarkIndex ?? '?'}`,
        '',
        table(results),
        '',
      ].join('\n'),
    );
    if (json) {
      const report = {
        date: new Date().toISOString(),
        lighthouseVersion,
        hostUserAgent: environment?.hostUserAgent,
        benchmarkIndex: environment?.benchmarkIndex,
        node: process.version,
        cpus: cpu.length,
        runsPerPage: runs,
        pages: results,
      };
      await writeFile(json, `${JSON.stringify(report, null, 2)}\n`);
      console.error(`Raw figures written to ${json}`);
    }
  } finally {
    await stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
