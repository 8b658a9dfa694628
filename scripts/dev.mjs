// `npm run dev`: the API restarting on change, and Vite's dev server proxying /api to it.
import { envFileArgs, exitCode, forwardSignals, run, serverEntry } from './lib.mjs';

const apiPort = process.env.PORT ?? '3000';
const api = run(process.execPath, [...envFileArgs(), '--import', 'tsx', '--watch', serverEntry], {
  env: { NODE_ENV: 'development', ...process.env, PORT: apiPort },
});
const web = run('npm', ['run', 'dev', '-w', '@lumen/web'], { env: { ...process.env, API_PORT: apiPort } });
forwardSignals([api, web]);
const code = await Promise.race([exitCode(api), exitCode(web)]);
api.kill('SIGTERM');
web.kill('SIGTERM');
process.exit(code);
