// `npm start`: build the SPA when needed, then serve it and the API (with the job worker) on PORT.
// `npm run start:api` (--no-worker): the same without the job worker; run `npm run worker` beside it.
import { envFileArgs, exitCode, forwardSignals, isWebBuildStale, run, serverEntry } from './lib.mjs';

if (isWebBuildStale()) {
  console.log('Building the web app...');
  const code = await exitCode(run('npm', ['run', 'build', '-w', '@lumen/web']));
  if (code !== 0) process.exit(code);
}

const withoutWorker = process.argv.includes('--no-worker');
const server = run(process.execPath, [...envFileArgs(), '--import', 'tsx', serverEntry], {
  env: withoutWorker ? { ...process.env, WORKER_ENABLED: 'false' } : process.env,
});
forwardSignals([server]);
process.exit(await exitCode(server));
