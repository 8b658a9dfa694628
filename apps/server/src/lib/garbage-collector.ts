import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the heap grow past what the last full collection kept before it collects again, in percent. V8's
 * own choice (up to 4×) let an API process under 1,500 job submissions a second grow from about 200 to 350 MB before
 * a full collection (decision 050). At 50 % a full collection comes every 14–22 s under 2,500 submissions a second
 * instead of every 3.5–6 s at 10 %, and each one slows the submissions in flight; the job runs peak 10–20 MB higher,
 * at 166–177 MB (decision 054).
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * V8's garbage collector as an API process needs it: the heap growth above, and no allocation-site pretenuring. V8
 * pretenures the objects of a code site (allocates them straight in the old generation) once most of them survive a
 * young collection; under 100 concurrent job submissions it did so for request-long objects (database rows, response
 * buffers), which then filled the old generation with garbage at about 2.9 MB/s. Every full collection that follows
 * marks the whole heap on both cores and halves the throughput for 100–200 ms, which was most of the p99 tail. Without
 * pretenuring those objects die young: 25 KB instead of 238 KB promoted per young collection, a full collection every
 * 5–6 s instead of every 2 s (decision 052). V8 reads both flags when it next needs them, so setting them at start-up
 * takes effect without a command-line option; tests build the app without them.
 */
export function tuneGarbageCollector(): void {
  for (const flag of garbageCollectorFlags(process.execArgv, process.env.NODE_OPTIONS)) setFlagsFromString(flag);
}

/**
 * The flags to set, less any the process was started with (`node --heap-growing-percent=10 ...` or NODE_OPTIONS), so
 * an operator or a bench can try another value without a new build.
 */
export function garbageCollectorFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((option) => option.split('=')[0]!.replace(/_/g, '-'));
  const isGiven = (name: string) => given.includes(`--${name}`) || given.includes(`--no-${name}`);
  const flags: string[] = [];
  if (!isGiven('heap-growing-percent')) flags.push(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  if (!isGiven('allocation-site-pretenuring')) flags.push('--no-allocation-site-pretenuring');
  return flags;
}
