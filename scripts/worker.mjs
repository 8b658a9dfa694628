// `npm run worker`: a job worker alone, without HTTP (apps/server/src/worker.ts). Like `npm start`, it compiles the
// server when its sources changed and runs apps/server/dist/worker.js in this process: decision 046.
import { buildServerIfStale, compiledServer, runCompiled } from './lib.mjs';
import { memoryCeilingSet, runSupervised } from './supervisor.mjs';

if (!(await buildServerIfStale())) process.exit(1);
// WORKER_MAX_RSS_MB set: a supervisor replaces the worker once it passes the ceiling (decision 067).
if (memoryCeilingSet({ withEnvFile: false })) runSupervised(compiledServer.worker, { withEnvFile: false });
else await runCompiled(compiledServer.worker, { withEnvFile: false });
