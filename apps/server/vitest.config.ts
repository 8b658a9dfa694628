import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // Some tests build their own app (migrations and seed: ~2 s on a quiet machine, over 30 s on a loaded
    // one); these budgets catch hangs, not slowness.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Vitest's default leaves one core idle; on a two-core CI machine that halves the speed.
    maxWorkers: availableParallelism(),
  },
});
