import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const supervisor = fileURLToPath(new URL('../../../scripts/supervisor.mjs', import.meta.url));

// A stand-in for apps/server/dist/server.js: answers with its pid, says it is ready once listening, asks for its
// replacement on /over-ceiling (as the memory ceiling does), and stops gracefully on SIGTERM after a short drain.
const entrySource = `
import { createServer } from 'node:http';
const server = createServer((req, res) => {
  if (req.url === '/over-ceiling') process.send({ type: 'lumen:replace-me' });
  setTimeout(() => res.end(String(process.pid)), 5);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send({ type: 'lumen:ready' }));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
`;

const handedConnections = fileURLToPath(new URL('./lib/handed-connections.ts', import.meta.url));

// The same stand-in on the embedded database: it takes the database (a lock file) only once the old process has
// released it, opens it slowly, and serves the connections the supervisor hands it (lib/handed-connections.ts).
const embeddedEntrySource = `
import { createServer } from 'node:http';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { acceptHandedConnections, connectionsAreHandedOver } from ${JSON.stringify(handedConnections)};
const lock = process.env.LOCK_FILE;
while (existsSync(lock)) await new Promise((resolve) => setTimeout(resolve, 20));
writeFileSync(lock, String(process.pid));
await new Promise((resolve) => setTimeout(resolve, 500));
const server = createServer((req, res) => {
  if (req.url === '/over-ceiling') process.send({ type: 'lumen:replace-me' });
  setTimeout(() => res.end(String(process.pid)), 5);
});
if (!connectionsAreHandedOver()) throw new Error('expected the supervisor to hand connections over');
const handed = acceptHandedConnections(server);
process.send({ type: 'lumen:ready' });
process.once('SIGTERM', async () => {
  await handed.drain(5_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(lock);
  process.exit(0);
});
`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function get(port: number, path = '/', agent: Agent | false = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    });
    // A connection lost between processes is never answered: it fails here instead of hanging the test.
    req.setTimeout(10_000, () => req.destroy(new NoAnswer(path)));
    req.on('error', reject);
    req.end();
  });
}

/** A request accepted but never answered (a connection lost between the processes), which no retry may hide. */
class NoAnswer extends Error {
  constructor(path: string) {
    super(`no answer to ${path} in 10 s`);
  }
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const notYet = (error: unknown) => {
    if (error instanceof NoAnswer) throw error;
    return false;
  };
  while (!(await check().catch(notYet))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** scripts/supervisor.mjs, which `npm start` and `npm run worker` run under WORKER_MAX_RSS_MB (decision 067). */
describe('the supervisor of WORKER_MAX_RSS_MB', () => {
  let primary: ChildProcess | null = null;
  let dir = '';
  afterEach(async () => {
    if (primary && primary.exitCode === null) {
      const exited = new Promise((resolve) => primary!.once('exit', resolve));
      primary.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  async function startSupervised(env: Record<string, string>, source = entrySource, nodeOptions: string[] = []): Promise<number> {
    dir = await mkdtemp(join(tmpdir(), 'lumen-supervisor-'));
    const entry = join(dir, 'entry.mjs');
    await writeFile(entry, source);
    const port = await freePort();
    const main = join(dir, 'main.mjs'); // as scripts/start.mjs runs it
    await writeFile(
      main,
      `import(${JSON.stringify(supervisor)}).then((m) => m.runSupervised(${JSON.stringify(entry)}, { withEnvFile: false, http: true }));`,
    );
    // nodeOptions: tsx for the stand-in that imports the server's TypeScript (the cluster workers inherit them).
    primary = spawn(process.execPath, [...nodeOptions, main], {
      env: { PATH: process.env.PATH, PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    primary.stdout!.resume();
    await until(async () => (await get(port)).length > 0, 'the supervised process answers', 60_000);
    return port;
  }

  it('on PostgreSQL: starts the replacement before stopping the old process, and every request is answered', async () => {
    const port = await startSupervised({ DATABASE_URL: 'postgres://unused@127.0.0.1/unused' });
    const first = await get(port);
    let failures = 0;
    const answeredBy = new Set<string>();
    let polling = true;
    // Several clients at once, so connections are on their way to the old process as it exits.
    const poll = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (polling) {
          await get(port).then(
            (pid) => answeredBy.add(pid),
            () => (failures += 1),
          );
        }
      }),
    );
    await get(port, '/over-ceiling');
    await until(async () => (await get(port)) !== first, 'the replacement answers');
    // The old process is gone: every answer now comes from the replacement.
    await until(async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => get(port)));
      return answers.every((pid) => pid !== first);
    }, 'only the replacement answers');
    polling = false;
    await poll;
    expect(failures).toBe(0);
    expect(answeredBy.size).toBe(2);
    expect(() => process.kill(Number(first), 0)).toThrow(); // the old process has exited
  });

  it('on the embedded database: stops the old process first, holds new connections, and every request is answered', async () => {
    const port = await startSupervised(
      { LOCK_FILE: join(tmpdir(), `lumen-supervisor-${process.pid}-database.lock`) },
      embeddedEntrySource,
      ['--import', 'tsx'],
    );
    const first = await get(port);
    const keptAlive = new Agent({ keepAlive: true, maxSockets: 2 });
    const failures: string[] = [];
    const answeredBy = new Set<string>();
    let polling = true;
    const poll = (agent: Agent | false) =>
      (async () => {
        while (polling) {
          await get(port, '/', agent).then(
            (pid) => answeredBy.add(pid),
            (error: Error) => failures.push(error.message),
          );
        }
      })();
    const polls = [poll(false), poll(keptAlive), poll(keptAlive)];
    await get(port, '/over-ceiling');
    await until(async () => (await get(port)) !== first, 'the replacement answers');
    polling = false;
    await Promise.all(polls);
    keptAlive.destroy();
    expect(failures).toEqual([]);
    expect(answeredBy.size).toBe(2);
    expect(() => process.kill(Number(first), 0)).toThrow(); // the old process has exited
  });
});
