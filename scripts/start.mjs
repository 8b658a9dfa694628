// `npm start`: build the SPA when needed, then serve it and the API (with the job worker) on PORT.
import { envFileArgs, exitCode, forwardSignals, isWebBuildStale, run, serverEntry } from './lib.mjs';

if (isWebBuildStale()) {
  console.log('Building the web app...');
  const code = await exitCode(run('npm', ['run', 'build', '-w', '@lumen/web']));
  if (code !== 0) process.exit(code);
}

const server = run(process.execPath, [...envFileArgs(), '--import', 'tsx', serverEntry]);
forwardSignals([server]);
process.exit(await exitCode(server));
