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
    // The files share a worker's loaded modules (the models, the video encoder) instead of loading them again for each
    // file (69 → 61 s, 124 → 110 s of CPU); none mocks a module. The try-on file, first in its worker, loads the pose
    // models with fetch stubbed, to show they come from the package and not the network.
    isolate: false,
    sequence: {
      sequencer: slowFirst(['src/virtual-try-on/virtual-try-on.engine.test.ts', 'src/speedpainting/speedpainting.resolve.test.ts']),
    },
  },
});
