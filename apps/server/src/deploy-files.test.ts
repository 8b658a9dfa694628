import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, repoRoot } from './config/index.ts';

/**
 * No Docker engine runs where the tests run, so the deploy files are checked as files: the compose
 * file parses, its app containers run only npm scripts that exist (and that CI exercises), their
 * environment passes the same configuration check as start-up, and the Dockerfile keeps its promises.
 */

/** The npm scripts the tests exercise: server.ts without the worker (start:api) and worker.ts. */
const SCRIPTS_CI_TESTS = ['start:api', 'worker'];

type ComposeService = {
  build?: unknown;
  image?: string;
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { disable?: boolean; test?: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
};

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');

/** Compose's `${VAR}`, `${VAR:-default}` and `${VAR:?error}` with the given variables. */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind?: string, rest?: string) => {
    const given = variables[name];
    if (given !== undefined && given !== '') return given;
    if (kind === '?') throw new Error(`${name}: ${rest}`);
    return kind === '-' ? (rest ?? '') : '';
  });
}

const rootScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
  const appServices = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

  it('has the app, a worker, PostgreSQL, Redis and an S3-compatible store', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'minio', 'postgres', 'redis', 'worker']);
    expect(compose.services.postgres!.image).toMatch(/^postgres:1[5-9]/);
    expect(compose.services.redis!.image).toMatch(/^redis:/);
    expect(compose.services.minio!.image).toMatch(/^minio\/minio/);
    expect(appServices.map(([name]) => name).sort()).toEqual(['app', 'worker']);
  });

  it('runs the commands of npm scripts that the tests exercise, by node itself (no npm parent process)', () => {
    const scriptCommands = SCRIPTS_CI_TESTS.map((script) => rootScripts[script]!);
    for (const [name, service] of appServices) {
      const command = Array.isArray(service.command) ? service.command.join(' ') : String(service.command);
      expect(scriptCommands, name).toContain(command);
    }
    expect(rootScripts['start:api']).toBe('node scripts/start.mjs --no-worker');
    expect(rootScripts.worker).toBe('node scripts/worker.mjs');
  });

  it("gives each app container a configuration that start-up accepts, on the stack's own services", () => {
    for (const [name, service] of appServices) {
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [
          key,
          interpolate(String(value ?? ''), { JWT_SECRET: 'x'.repeat(48) }),
        ]),
      );
      const config = loadConfig({ ...env, DATA_DIR: '/tmp/lumen-compose-check' });
      expect(config.nodeEnv, name).toBe('production');
      expect(new URL(config.databaseUrl!).hostname, name).toBe('postgres');
      expect(new URL(config.redisUrl!).hostname, name).toBe('redis');
      expect(config.storageDriver, name).toBe('s3');
      expect(config.s3, name).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true, credentials: expect.any(Object) });
      expect(Object.keys(service.depends_on ?? {}).sort(), name).toEqual(['minio', 'postgres', 'redis']);
    }
    expect(interpolate(String(compose.services.app!.environment!.WORKER_ENABLED), {})).toBe('false');
    expect(() => interpolate(String(compose.services.app!.environment!.JWT_SECRET), {})).toThrow(/JWT_SECRET/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((match) => match[1]);
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('builds the SPA in a build stage and ships only production dependencies', () => {
    expect(stages).toEqual(['deps', 'build', 'prod-deps', 'runtime']);
    expect(dockerfile).toMatch(/FROM deps AS build[\s\S]*RUN npm run build/);
    expect(dockerfile).toMatch(/FROM \S+ AS prod-deps[\s\S]*RUN npm ci --omit=dev/);
    expect(runtime).toContain('COPY --from=prod-deps /app/node_modules node_modules');
    expect(runtime).toContain('COPY --from=build /app/apps/web/dist apps/web/dist');
    expect(runtime).not.toMatch(/COPY --from=deps/);
  });

  it("runs as a non-root user with a health check on /api/v1/ready and start:api's command", () => {
    expect(runtime).toMatch(/^USER lumen$/m);
    expect(runtime).toMatch(/useradd --system --uid 10001/);
    expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/api\/v1\/ready/m);
    const cmd = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
    expect((JSON.parse(cmd ?? '[]') as string[]).join(' ')).toBe(rootScripts['start:api']);
  });

  it('copies only paths that exist in the repository', () => {
    for (const match of dockerfile.matchAll(/^COPY (?!--from)(.+) (\S+)$/gm)) {
      for (const source of match[1]!.split(' ')) expect(existsSync(join(repoRoot, source)), source).toBe(true);
    }
  });

  it('keeps dependencies, local data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', 'data', '.env', '.git']) expect(ignored).toContain(entry);
  });
});
