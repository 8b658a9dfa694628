// `npm run worker`: a job worker alone, without HTTP (apps/server/src/worker.ts). Like `npm start`, it compiles the
// server when its sources changed and runs apps/server/dist/worker.js in this process: decision 046.
import { buildServerIfStale, compiledServer, runCompiled } from './lib.mjs';

if (!(await buildServerIfStale())) process.exit(1);
await runCompiled(compiledServer.worker, { withEnvFile: false });
