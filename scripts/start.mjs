// `npm start`: build the SPA and the server when needed, then serve the SPA and the API (with the job worker) on PORT.
// `npm run start:api` (--no-worker): the same without the job worker; run `npm run worker` beside it.
// The server runs as compiled JavaScript (apps/server/dist, see scripts/build-server.mjs), not through tsx, and in this
// process rather than a child of it (decision 046), unless WORKER_MAX_RSS_MB is set (scripts/supervisor.mjs, 067).
import { buildServerIfStale, compiledServer, exitCode, isWebBuildStale, run, runCompiled } from './lib.mjs';
import { memoryCeilingSet, runSupervised } from './supervisor.mjs';

if (isWebBuildStale()) {
  console.log('Building the web app...');
  const code = await exitCode(run('npm', ['run', 'build', '-w', '@lumen/web']));
  if (code !== 0) process.exit(code);
}
if (!(await buildServerIfStale())) process.exit(1);

if (process.argv.includes('--no-worker')) process.env.WORKER_ENABLED = 'false';
// WORKER_MAX_RSS_MB set: a supervisor replaces the process once its worker passes the ceiling (decision 067).
if (memoryCeilingSet({ forApi: true })) runSupervised(compiledServer.server, { http: true });
else await runCompiled(compiledServer.server);
