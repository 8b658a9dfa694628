import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalOidcProvider } from '../../apps/server/src/test/local-oidc-provider.ts';
import { startAppServer } from './app-server.ts';
import { googleUser } from './google-user.ts';

const root = resolve(import.meta.dirname, '../..');

function runToEnd(command: string, args: string[]) {
  return new Promise<void>((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

/** The first start publishes the featured community set in the background; tests begin once that work is done. */
async function untilFeaturedPostsPublished(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/v1/community/posts`);
    const body = (await response.json()) as { data?: { total?: number } };
    if ((body.data?.total ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The featured community posts were not published within 2 minutes of the first start');
}

export default async function setup(project: TestProject) {
  // Always test a fresh build of the SPA, and of the server as `npm start` runs it (compiled JavaScript).
  await runToEnd('npm', ['run', 'build', '-w', '@lumen/web']);
  await runToEnd('npm', ['run', 'build:server']);

  // The local OpenID provider stands in for Google: the server talks to it through the same code path.
  const oidc = await startLocalOidcProvider({ user: googleUser });
  let server;
  try {
    server = await startAppServer({
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
      FEATURED_POSTS: 'true',
    });
    await untilFeaturedPostsPublished(server.baseUrl);
  } catch (error) {
    await server?.stop();
    await oidc.close();
    throw error;
  }
  project.provide('baseUrl', server.baseUrl);

  return async () => {
    await server.stop();
    await oidc.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
