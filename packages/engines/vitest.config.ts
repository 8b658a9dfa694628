import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Rendering video and running the segmentation model take seconds on a loaded two-core machine.
    testTimeout: 60_000,
    maxWorkers: availableParallelism(),
  },
});
