/**
 * Stoplight Prism (@stoplight/prism-cli 5) as a validating proxy in front of a running server. It is fetched by
 * `npx --yes` when the bench runs, not installed as a dependency: it brings some 400 packages that `npm ci` would
 * install on every CI run for one bench.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const PRISM_PACKAGE = '@stoplight/prism-cli@5';

export type PrismProxy = {
  url: string;
  /** Every line Prism wrote (its own log of requests and violations). */
  log: string[];
  stop: () => Promise<void>;
};

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
 * `prism proxy <document> <upstream>` on a free port. `errors: true` (`--errors`) refuses a request the document
 * does not allow with 422 before it reaches the server, and answers 500 for a response it does not allow; without it
 * every request goes through and the violations come back in the `sl-violations` header.
 */
export async function startPrismProxy(documentPath: string, upstream: string, options: { errors: boolean }): Promise<PrismProxy> {
  const port = await freePort();
  const args = ['--yes', PRISM_PACKAGE, 'proxy', documentPath, upstream, '--port', String(port), '--host', '127.0.0.1'];
  if (options.errors) args.push('--errors');
  // Its own process group: npx runs Prism in a child of its own, and stop() ends both.
  const child = spawn('npx', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const log: string[] = [];
  let pending = '';
  const collect = (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    // eslint-disable-next-line no-control-regex
    for (const line of lines) if (line.trim()) log.push(line.replace(/\x1b\[[0-9;]*m/g, ''));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const deadline = Date.now() + 300_000;
  while (!log.some((line) => line.includes('Prism is listening on'))) {
    if (child.exitCode !== null) throw new Error(`Prism exited with ${child.exitCode}:\n${log.join('\n')}`);
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGTERM');
      throw new Error(`Prism did not start within 5 minutes:\n${log.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}
