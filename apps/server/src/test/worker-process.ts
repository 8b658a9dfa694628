import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './build-test-app.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `npm run worker` as its own process on the test app's PostgreSQL database and files, with extra
 * environment (engines, providers), so that a test can kill it mid-job.
 */
export function startWorkerProcess(t: TestApp, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: t.databaseUrl!,
      DATA_DIR: t.config.dataDir,
      JWT_SECRET: t.config.jwtSecret,
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  return { child, exited, stderr: () => stderr };
}
