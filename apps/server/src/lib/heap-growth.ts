import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the heap grow past what the last full collection kept before it collects again, in percent. V8's
 * own choice (up to 4×) let an API process under 1,500 job submissions a second grow from about 200 to 350 MB before
 * a full collection; at 10 % it stayed near 200 MB with no loss of throughput measured (bench/RESULTS.md). V8 reads the
 * flag whenever it sets a new limit, so setting it at start-up takes effect without a command-line option.
 */
export const HEAP_GROWING_PERCENT = 10;

export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
