// The supervisor of a process that runs jobs under WORKER_MAX_RSS_MB (decision 067). `npm start` and `npm run worker`
// run their compiled entry in this very process (decision 046) unless the ceiling is set; then this process becomes a
// small cluster primary and the entry runs in a cluster worker. When that worker's RSS passes the ceiling, it stops
// taking jobs, finishes (or hands back) its own and sends 'lumen:replace-me'. The supervisor then starts a
// replacement and, once the replacement sends 'lumen:ready' (HTTP listening, or the worker claiming), stops the old
// one with SIGTERM, its graceful stop. HTTP connections are accepted by this primary and handed to the workers, so
// requests keep being answered throughout (the old process finishes the ones it has). On the embedded database
// (no DATABASE_URL), which one process at a time may open, the old process stops first and the replacement starts
// after it: new connections are refused for those seconds.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './paths.mjs';

const messages = { ready: 'lumen:ready', replaceMe: 'lumen:replace-me' };

function log(level, msg, fields = {}) {
  // One JSON line like the server's (pino) lines: 30 info, 40 warn, 50 error.
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, supervisor: true, ...fields, msg })}\n`);
}

/** .env read as `node --env-file` would (variables already set win), once. */
function loadEnvFile(withEnvFile) {
  const envFile = join(root, '.env');
  if (withEnvFile && existsSync(envFile)) process.loadEnvFile(envFile);
}

/**
 * WORKER_MAX_RSS_MB (environment or .env) above 0, in a process that runs jobs: `npm run worker`, or `npm start`
 * unless WORKER_ENABLED is off (`forApi`).
 */
export function memoryCeilingSet({ withEnvFile = true, forApi = false } = {}) {
  loadEnvFile(withEnvFile);
  const value = Number(process.env.WORKER_MAX_RSS_MB ?? '');
  const workerOff = /^(false|0|no|off|n|disabled)$/i.test(process.env.WORKER_ENABLED?.trim() ?? '');
  return Number.isFinite(value) && value > 0 && !(forApi && workerOff);
}

/** Runs `entry` (apps/server/dist/server.js or worker.js) in a cluster worker, and replaces it when it asks. */
export function runSupervised(entry, { withEnvFile = true } = {}) {
  loadEnvFile(withEnvFile);
  const overlap = Boolean(process.env.DATABASE_URL);
  cluster.setupPrimary({ exec: entry });
  let current = null;
  let pending = null;
  let restarts = 0;
  let stopping = false;
  const expectedExits = new Set();

  const start = () => {
    const child = cluster.fork({ LUMEN_SUPERVISED: '1', LUMEN_MEMORY_RESTARTS: String(restarts) });
    child.on('message', (message) => {
      if (message?.type === messages.replaceMe && child === current && !pending && !stopping) replace(child);
      if (message?.type === messages.ready && child === pending) {
        pending = null;
        current = child;
        log(30, 'replacement ready; stopping the old process', { old: replacedPid, new: child.process.pid });
        stop(replaced);
      }
    });
    return child;
  };
  let replaced = null;
  let replacedPid = null;
  const stop = (child) => {
    expectedExits.add(child);
    child.process.kill('SIGTERM');
  };
  const replace = (old) => {
    restarts += 1;
    replaced = old;
    replacedPid = old.process.pid;
    log(40, 'process over WORKER_MAX_RSS_MB: starting its replacement', { pid: old.process.pid, restarts, overlap });
    if (overlap) {
      pending = start();
      return;
    }
    stop(old);
    old.once('exit', () => {
      if (!stopping) current = start();
    });
  };

  cluster.on('exit', (child, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(); // process.exitCode: a crash's code, or 0
      return;
    }
    if (expectedExits.delete(child)) return;
    // The process (or its replacement) ended by itself: a crash. Stop like an unsupervised process would.
    log(50, 'supervised process exited', { pid: child.process.pid, code, signal });
    stopping = true;
    for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
    process.exitCode = code ?? 1;
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code ?? 1);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      const children = Object.values(cluster.workers ?? {});
      if (children.length === 0) process.exit(0);
      for (const child of children) child?.process.kill(signal);
    });
  }
  current = start();
}
