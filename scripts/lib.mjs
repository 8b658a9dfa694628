import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, serverDist, webDist } from './paths.mjs';

export { serverEntry } from './paths.mjs';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * The web app needs a build when dist (the browser's files) or dist-server (the page renderer) is missing or older
 * than any of its sources. An install without the web sources (the production image, which ships only the builds)
 * never rebuilds.
 */
export function isWebBuildStale() {
  const builtAt = Math.min(newestMtime(join(webDist, 'index.html')), newestMtime(join(webDist, '../dist-server/entry-server.js')));
  if (!existsSync(join(root, 'apps/web/src'))) return false;
  if (!builtAt) return true;
  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/core/src'];
  return sources.some((source) => newestMtime(join(root, source)) > builtAt);
}

/** The compiled server (scripts/build-server.mjs): what `npm start`, `npm run start:api` and `npm run worker` run. */
export const compiledServer = { server: join(serverDist, 'server.js'), worker: join(serverDist, 'worker.js') };

/**
 * The server needs a build when apps/server/dist is missing or older than any of its sources (the server, the
 * workspace packages it bundles, the build script itself). An install without the server's TypeScript (an image
 * that ships only the build) never rebuilds.
 */
export function isServerBuildStale() {
  if (!existsSync(join(root, 'apps/server/src/server.ts'))) return false;
  const builtAt = Math.min(newestMtime(compiledServer.server), newestMtime(compiledServer.worker));
  if (!builtAt) return true;
  const sources = ['apps/server/src', 'packages/core/src', 'packages/engines/src', 'scripts/build-server.mjs'];
  return sources.some((source) => newestMtime(join(root, source)) > builtAt);
}

/** Builds the server when it is stale (esbuild, under a second); false when the build failed. */
export async function buildServerIfStale() {
  if (!isServerBuildStale()) return true;
  console.log('Building the server...');
  try {
    const { buildServer } = await import('./build-server.mjs'); // esbuild is a dev dependency: loaded only to build
    await buildServer();
    return true;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return false;
  }
}

/**
 * Runs the compiled server or worker in this very process (one Node process per server, not a launcher beside it):
 * .env is read as `node --env-file` would (variables already set win), then the entry is imported.
 */
export async function runCompiled(entry, { withEnvFile = true } = {}) {
  const envFile = join(root, '.env');
  if (withEnvFile && existsSync(envFile)) process.loadEnvFile(envFile);
  await import(pathToFileURL(entry).href);
}

/** Node's own --env-file, only when a .env file exists. */
export function envFileArgs() {
  const envFile = join(root, '.env');
  return existsSync(envFile) ? [`--env-file=${envFile}`] : [];
}

export function run(command, args, options = {}) {
  return spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
}

export function exitCode(child) {
  return new Promise((resolvePromise) => child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0))));
}

/** Pass SIGINT/SIGTERM to the children so the server can close gracefully. */
export function forwardSignals(children) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => children.forEach((child) => child.kill(signal)));
  }
}
