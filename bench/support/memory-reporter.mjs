// Preloaded by `npm run bench:soak` into the process it watches (NODE_OPTIONS=--import=<this file>): every 5 s, the
// process appends one JSON line with its memory to LUMEN_BENCH_MEMORY_FILE. This way the worker, which has no HTTP,
// reports its V8 heap and external memory like the API does. Nothing here runs outside the bench.
import { appendFileSync } from 'node:fs';

const file = process.env.LUMEN_BENCH_MEMORY_FILE;
if (file) {
  const report = () => {
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), pid: process.pid, rss, heapUsed, external, arrayBuffers })}\n`);
  };
  setInterval(report, 5_000).unref();
}
