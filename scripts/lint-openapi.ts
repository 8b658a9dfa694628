// Lints the OpenAPI document the server serves (built in this process on a throw-away database, as the SDK's
// generator does) with Redocly and the rules in redocly.yaml:   npm run lint:openapi
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../packages/sdk/scripts/openapi-document.ts';

const directory = await mkdtemp(join(tmpdir(), 'lumen-openapi-'));
const file = join(directory, 'openapi.json');
try {
  await writeFile(file, JSON.stringify(await buildOpenApiDocument(), null, 2));
  const lint = spawnSync('redocly', ['lint', file, '--config', 'redocly.yaml', '--max-problems', '100'], {
    stdio: 'inherit',
    // No telemetry or update check: CI has no internet.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    shell: process.platform === 'win32',
  });
  process.exitCode = lint.status ?? 1;
} finally {
  await rm(directory, { recursive: true, force: true });
}
