import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { adminCredentials } from './admin.ts';

const root = resolve(import.meta.dirname, '../..');

export type AppServer = { baseUrl: string; stop: () => Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The server as `npm start` runs it (the compiled build in apps/server/dist, which the global setup makes), on a free loopback port with the embedded database in a fresh directory, the e2e
 * admin, and `env` on top; resolves once GET /api/v1/ready answers.
 */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumen-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: adminCredentials.email,
      ADMIN_PASSWORD: adminCredentials.password,
      LOG_LEVEL: 'warn',
      // Every simulated person shares 127.0.0.1; the default 300 a minute is one real person's budget.
      RATE_LIMIT_PER_MINUTE: '5000',
      // …and signs up far more accounts from it than one real person would.
      SIGNUPS_PER_IP_PER_HOUR: '0',
      SMTP_URL: '',
      // The featured community set costs a first start seconds of engine work; only the shared server makes it.
      FEATURED_POSTS: 'false',
      TRY_ON_CATALOGUE_SEED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((done) => server.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`Server exited early:\n${log}`);
    }
    const ready = await fetch(`${baseUrl}/api/v1/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Server did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
