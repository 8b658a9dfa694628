import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * test/*.test.ts: the retry policy, error typing and the event-stream parser against local HTTP servers;
 * test/*.int.test.ts: the SDK against the real server (built in process by apps/server's test harness,
 * listening on a free port) and the check that src/generated/openapi.ts matches the server.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The server harness's one migrated database for every test app (a PGlite dump, or a template database on
    // TEST_DATABASE_URL's server).
    globalSetup: ['../../apps/server/src/test/global-setup.ts'],
    // Building the app (migrations, seed) takes seconds on a quiet machine and far more on a loaded one.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: availableParallelism(),
    // A worker's files share its loaded modules (the whole server, for the int files); no file mocks a module.
    isolate: false,
  },
});
