// The supervisor of a process that runs jobs under WORKER_MAX_RSS_MB (decision 067). `npm start` and `npm run worker`
// run their compiled entry in this very process (decision 046) unless the ceiling is set; then this process becomes a
// small cluster primary and the entry runs in a cluster worker. When that worker's RSS passes the ceiling, it stops
// taking jobs, finishes (or hands back) its own and sends 'lumen:replace-me'. The supervisor then starts a
// replacement and, once the replacement sends 'lumen:ready' (HTTP serving, or the worker claiming), stops the old
// one with SIGTERM, its graceful stop. Both processes accept HTTP connections from the one listening socket while
// they overlap, so requests keep being answered throughout (the old process finishes the ones it has). On the
// embedded database (no DATABASE_URL), which one process at a time may open, the old process stops first and the
// replacement starts after it; for an HTTP entry this primary then listens itself and hands each connection to the ready process over
// the IPC channel, holding those that arrive in between, so they wait a few seconds instead of being refused.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { root } from './paths.mjs';

const messages = { ready: 'lumen:ready', replaceMe: 'lumen:replace-me', connection: 'lumen:connection' };

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

/**
 * Listens on PORT and HOST (the server's defaults: 3000, 0.0.0.0) and hands each connection to the process that
 * `serve()` named, holding them while none is named. Sockets are passed paused, so the process reads them from the
 * first byte.
 */
function handOverConnections() {
  const held = [];
  let target = null;
  const handOver = (socket) => {
    target.send({ type: messages.connection }, socket, (error) => {
      if (error) socket.destroy();
    });
  };
  const listener = createServer({ pauseOnConnect: true }, (socket) => (target ? handOver(socket) : held.push(socket)));
  listener.on('error', (error) => {
    log(50, 'cannot listen', { error: error.message });
    process.exit(1);
  });
  listener.listen(Number(process.env.PORT || 3000), process.env.HOST || '0.0.0.0');
  return {
    serve(child) {
      target = child;
      for (const socket of held.splice(0)) handOver(socket);
    },
    hold() {
      target = null;
    },
    close() {
      listener.close();
      for (const socket of held.splice(0)) socket.destroy();
    },
  };
}

/**
 * Runs `entry` (apps/server/dist/server.js or worker.js) in a cluster worker, and replaces it when it asks. `http`:
 * the entry serves HTTP (needed on the embedded database, where this process then listens for it).
 */
export function runSupervised(entry, { withEnvFile = true, http = false } = {}) {
  loadEnvFile(withEnvFile);
  const overlap = Boolean(process.env.DATABASE_URL);
  const connections = http && !overlap ? handOverConnections() : null;
  // The operating system shares out connections (each process accepts from the one listening socket), not this
  // primary: with Node's default round robin, a connection handed to the old process as it exits is lost, and its
  // client waits for ever. Set before the first fork, which reads it.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: entry });
  let current = null;
  let pending = null;
  let restarts = 0;
  let stopping = false;
  const expectedExits = new Set();

  const start = () => {
    const child = cluster.fork({
      LUMEN_SUPERVISED: '1',
      LUMEN_MEMORY_RESTARTS: String(restarts),
      ...(connections ? { LUMEN_HANDED_CONNECTIONS: '1' } : {}),
    });
    child.on('message', (message) => {
      if (message?.type === messages.replaceMe && child === current && !pending && !stopping) replace(child);
      if (message?.type !== messages.ready) return;
      if (child === current) connections?.serve(child);
      if (child === pending) {
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
    connections?.hold();
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
    connections?.close();
    for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
    process.exitCode = code ?? 1;
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code ?? 1);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      connections?.close();
      const children = Object.values(cluster.workers ?? {});
      if (children.length === 0) process.exit(0);
      for (const child of children) child?.process.kill(signal);
    });
  }
  current = start();
}
