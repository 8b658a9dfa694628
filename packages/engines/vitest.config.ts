import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { slowFirst } from '../../scripts/slow-first-sequencer.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Rendering video and running the segmentation model take seconds on a loaded two-core machine.
    testTimeout: 60_000,
    maxWorkers: availableParallelism(),
    sequence: {
      sequencer: slowFirst(['src/virtual-try-on/virtual-try-on.engine.test.ts', 'src/speedpainting/speedpainting.resolve.test.ts']),
    },
  },
});
