import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey, verifiedUser } from '../../../apps/server/src/test/api-key-helpers.ts';
import { createPaidOrder } from '../../../apps/server/src/test/billing-helpers.ts';
import { buildTestApp } from '../../../apps/server/src/test/build-test-app.ts';
import type { TestApp } from '../../../apps/server/src/test/build-test-app.ts';
import { fastWorker } from '../../../apps/server/src/test/job-helpers.ts';

/**
 * The package as a stranger gets it: `npm pack` (which builds dist/ first), the tarball installed into an
 * empty project outside the repository, then run with plain `node` (ES module and CommonJS) against the
 * real server and type-checked as a consumer with the configuration `tsc --init` writes. No network: the
 * SDK's own dependencies are packed from this repository's node_modules and installed with --offline.
 */
const run = promisify(execFile);
const sdkDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(sdkDir, '../..');
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
// npm run passes its own settings to children as npm_* variables (the workspace, for one); the project in
// the temporary directory must not inherit them.
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));

let work: string;
let project: string;
let packedFiles: string[];
let t: TestApp;
let baseUrl: string;
let apiKey: string;

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env: cleanEnv });
  return stdout;
}

/** The SDK's dependencies and theirs, as this repository installed them. */
async function dependencyClosure(names: string[], seen = new Set<string>()): Promise<string[]> {
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    const manifest = JSON.parse(await readFile(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8'));
    await dependencyClosure(Object.keys(manifest.dependencies ?? {}), seen);
  }
  return [...seen];
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'lumen-sdk-pack-'));
  const tarballs = join(work, 'tarballs');
  await mkdir(tarballs);
  // npm pack runs the build (prepack) first, whose lines come before the JSON.
  const packOutput = await npm(['pack', '--json', '--pack-destination', tarballs], sdkDir);
  const [packed] = JSON.parse(packOutput.slice(packOutput.indexOf('[')));
  packedFiles = packed.files.map((file: { path: string }) => file.path);
  const manifest = JSON.parse(await readFile(join(sdkDir, 'package.json'), 'utf8'));
  const dependencyTarballs: string[] = [];
  for (const name of await dependencyClosure(Object.keys(manifest.dependencies))) {
    const [dependency] = JSON.parse(
      await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', tarballs], join(repoRoot, 'node_modules', name)),
    );
    dependencyTarballs.push(join(tarballs, dependency.filename));
  }

  project = join(work, 'app');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await npm(['install', '--offline', '--ignore-scripts', join(tarballs, packed.filename), ...dependencyTarballs], project);

  t = await buildTestApp({ jobs: { runWorker: true, worker: fastWorker } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const user = await verifiedUser(t.app, t.database.db, 0);
  await createPaidOrder(t.database.db, user.id, { credits: 10 });
  apiKey = (await generateKey(t.app, user.token, { name: 'packed SDK', rateLimit: 1000 })).apiKey;
}, 240_000);

afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the packed @lumen/sdk in a fresh project', () => {
  it('carries the built package, its README, changelog and MIT licence: no sources, tests or repository config', () => {
    expect(packedFiles).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist/esm/index.js', 'dist/esm/index.d.ts']),
    );
    expect(packedFiles).toEqual(expect.arrayContaining(['dist/cjs/index.js', 'dist/cjs/index.d.ts', 'dist/cjs/package.json']));
    const unexpected = packedFiles.filter(
      (path) => !/^(dist\/.+\.(js|d\.ts|json)|package\.json|README\.md|CHANGELOG\.md|LICENSE)$/.test(path),
    );
    expect(unexpected).toEqual([]);
  });

  it('runs with plain node: balance, a job, waiting, a download and a typed error', async () => {
    await writeFile(
      join(project, 'run.mjs'),
      `import { createLumenClient, LumenApiError } from '@lumen/sdk';
const lumen = createLumenClient({ apiKey: process.env.LUMEN_API_KEY, baseUrl: process.env.LUMEN_BASE_URL });
const before = await lumen.getBalance();
const job = await lumen.createJob('image-generator', { prompt: 'a boat on the sea at dawn' });
const done = await lumen.waitForJob(job.id, { timeoutMs: 100_000 });
const file = await lumen.downloadOutput(done);
let refusal;
try {
  await lumen.createJob('image-generator', {});
} catch (error) {
  refusal = { isApiError: error instanceof LumenApiError, status: error.status, code: error.code, fields: error.details?.map((d) => d.field) };
}
const after = await lumen.getBalance();
console.log(JSON.stringify({ before: before.balance, after: after.balance, status: done.status, contentType: file.contentType, head: [...file.bytes.subarray(0, 4)], refusal }));
`,
    );
    const { stdout } = await run(process.execPath, ['run.mjs'], {
      cwd: project,
      env: { ...cleanEnv, LUMEN_API_KEY: apiKey, LUMEN_BASE_URL: baseUrl },
    });
    expect(JSON.parse(stdout)).toEqual({
      before: 10,
      after: 9,
      status: 'succeeded',
      contentType: 'image/png',
      head: [0x89, 0x50, 0x4e, 0x47],
      refusal: { isApiError: true, status: 400, code: 'VALIDATION_ERROR', fields: ['params.prompt'] },
    });
  }, 120_000);

  it('runs as CommonJS with require()', async () => {
    await writeFile(
      join(project, 'run.cjs'),
      `const { createLumenClient, LumenAuthenticationError } = require('@lumen/sdk');
(async () => {
  const balance = await createLumenClient({ apiKey: process.env.LUMEN_API_KEY, baseUrl: process.env.LUMEN_BASE_URL }).getBalance();
  const wrong = createLumenClient({ apiKey: 'sk_live_wrong', baseUrl: process.env.LUMEN_BASE_URL, retries: 0 });
  const error = await wrong.getBalance().catch((e) => e);
  console.log(JSON.stringify({ balance: typeof balance.balance, unauthorized: error instanceof LumenAuthenticationError, status: error.status }));
})();
`,
    );
    const { stdout } = await run(process.execPath, ['run.cjs'], {
      cwd: project,
      env: { ...cleanEnv, LUMEN_API_KEY: apiKey, LUMEN_BASE_URL: baseUrl },
    });
    expect(JSON.parse(stdout)).toEqual({ balance: 'number', unauthorized: true, status: 401 });
  }, 60_000);

  it('type-checks a consumer under the strict configuration tsc --init writes, with 0 errors', async () => {
    await run(process.execPath, [tsc, '--init'], { cwd: project, env: cleanEnv });
    await writeFile(
      join(project, 'consumer.ts'),
      `import { createLumenClient, LumenApiError, LumenInsufficientCreditsError } from '@lumen/sdk';
import type { Job, ServiceKey } from '@lumen/sdk';

const lumen = createLumenClient({ apiKey: 'sk_live_example', baseUrl: 'https://lumen.example' });
export async function main(): Promise<number> {
  const { balance } = await lumen.getBalance();
  const job: Job = await lumen.createJob('image-generator', { prompt: 'a sailboat', aspectRatio: '16:9' });
  const done = await lumen.waitForJob(job.id, { timeoutMs: 60_000, onUpdate: (update) => update.progress });
  const file = await lumen.downloadOutput(done, { outputId: done.outputs[0]?.id });
  const service: ServiceKey = 'sound-generator';
  try {
    await lumen.createJob(service, { prompt: 'rain on a tin roof' });
  } catch (error) {
    if (error instanceof LumenInsufficientCreditsError) return error.status;
    if (error instanceof LumenApiError) return error.details?.length ?? 0;
  }
  // The types are real, not any: each of these is refused by the compiler.
  // @ts-expect-error a service that does not exist
  await lumen.createJob('no-such-service', {});
  // @ts-expect-error image-generator needs a prompt
  await lumen.createJob('image-generator', {});
  // @ts-expect-error AI background needs its image (files.image), as the server does
  await lumen.createJob('ai-background', { mode: 'transparent' });
  // @ts-expect-error the balance is a number
  const wrong: string = balance;
  return file.bytes.byteLength + wrong.length;
}
`,
    );
    await writeFile(
      join(project, 'legacy.cts'),
      `import sdk = require('@lumen/sdk');\nvoid sdk.createLumenClient({ apiKey: 'k', baseUrl: 'https://lumen.example' }).getBalance();\n`,
    );
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit'], { cwd: project, env: cleanEnv }).catch(
      (error: { stdout: string; code: number }) => error,
    );
    expect(result.stdout).toBe('');
    const config = await readFile(join(project, 'tsconfig.json'), 'utf8');
    expect(config).toMatch(/"strict": true/);
  }, 60_000);
});
