import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { slowFirst } from '../../scripts/slow-first-sequencer.ts';

/**
 * Two layers: `*.test.ts` need no server (pure functions, services against the embedded database),
 * `*.int.test.ts` go over HTTP through the whole app. `npm run test:unit` runs the first alone.
 */
export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // Some tests build their own app (migrations and seed: ~2 s on a quiet machine, over 30 s on a loaded
    // one), and the OpenAPI examples test took 47 s beside the journeys on a slower machine; these budgets catch
    // hangs, not slowness.
    testTimeout: 120_000,
    hookTimeout: 90_000,
    // Vitest's default leaves one core idle; on a two-core CI machine that halves the speed.
    maxWorkers: availableParallelism(),
    // A worker's files share its loaded modules instead of loading the server again for each file (no file mocks a
    // module; each builds its own app and database).
    isolate: false,
    sequence: {
      sequencer: slowFirst([
        'src/modules/jobs/job-memory.int.test.ts', // on PGlite only (npm test)
        'src/modules/jobs/worker-crash.int.test.ts', // on PostgreSQL only, as are processes and database-outage
        'src/modules/providers/hosted-provider-matrix.int.test.ts',
        'src/openapi-fuzz.int.test.ts',
        'src/processes.int.test.ts',
        'src/database-outage.int.test.ts',
        'src/modules/metrics/metrics.routes.int.test.ts',
        'src/modules/system/system.routes.int.test.ts',
        'src/plugins/client-address.int.test.ts',
        'src/modules/providers/budget.int.test.ts',
      ]),
    },
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: ['src/**/*.int.test.ts'] } },
      { extends: true, test: { name: 'int', include: ['src/**/*.int.test.ts'] } },
    ],
  },
});
