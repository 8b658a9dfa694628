import { defineConfig } from 'vitest/config';
import { slowFirst } from '../scripts/slow-first-sequencer.ts';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One server for the run (page-policy starts two of its own); each file launches its own browser and makes its own
    // accounts, so files run side by side: a journey mostly waits on the browser and the server.
    fileParallelism: true,
    // Two at a time, not three: beside the PostgreSQL pass on a slower two-core machine, three journeys made that step
    // 998 s and two 796 s (bench/RESULTS.md, decision 101).
    maxWorkers: 2,
    sequence: {
      sequencer: slowFirst([
        'tests/every-page.e2e.ts',
        'tests/tables-fit.e2e.ts',
        'tests/payments.e2e.ts',
        'tests/page-policy.e2e.ts',
        'tests/tools.e2e.ts',
      ]),
    },
    // A budget that catches a hang, not slowness: on a slower two-core machine, with the PostgreSQL pass beside, the
    // longest journeys without their own budget took 38–46 s.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll gives up after 1 s by default: a page that fetches its rows beside two other journeys and a server
    // suite takes longer than that on two busy cores.
    expect: { poll: { timeout: 15_000 } },
  },
});
