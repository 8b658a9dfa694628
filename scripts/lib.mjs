import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
export const webDist = join(root, 'apps/web/dist');
export const serverEntry = join(root, 'apps/server/src/server.ts');

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
