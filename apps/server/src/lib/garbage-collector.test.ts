import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, garbageCollectorFlags } from './garbage-collector.ts';

describe('garbage collector flags', () => {
  it('sets the heap growth and switches pretenuring off when the process was started without either', () => {
    expect(garbageCollectorFlags(['--enable-source-maps'], '')).toEqual([
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
      '--no-allocation-site-pretenuring',
    ]);
  });

  it('leaves a flag the process was started with, on the command line or in NODE_OPTIONS', () => {
    expect(garbageCollectorFlags(['--heap-growing-percent=10'], '')).toEqual(['--no-allocation-site-pretenuring']);
    expect(garbageCollectorFlags([], '--max-old-space-size=512 --allocation_site_pretenuring')).toEqual([
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    ]);
  });
});
