// `node scripts/build-server.mjs`: compiles the server (apps/server/src/server.ts and worker.ts) to JavaScript in
// apps/server/dist, so production runs plain `node` instead of the tsx loader (see docs/decisions/046).
// Our own code and the @lumen/* workspace packages are bundled; every third-party package stays external and is
// loaded from node_modules as before (native addons, wasm and model files stay where their packages expect them).
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';
import { root, serverDist } from './paths.mjs';

export const serverEntries = { server: 'apps/server/src/server.ts', worker: 'apps/server/src/worker.ts' };

/**
 * Bare imports of third-party packages stay `import 'pkg'` in the output. The workspace packages (@lumen/core,
 * @lumen/engines) resolve through node_modules symlinks, so esbuild's `packages: 'external'` would leave them out
 * as TypeScript that plain node cannot run: they are bundled instead.
 */
const externalThirdParty = {
  name: 'external-third-party',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@lumen/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Source files find their neighbours (migrations, seed photos, preset backgrounds, the repository root) relative to
 * `import.meta.url`. In the bundle that would be apps/server/dist/server.js, so each bundled module gets its own
 * source file's URL instead, computed from the bundle's place: the same code finds the same files in both modes.
 */
const keepSourceUrls = {
  name: 'keep-source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromDist = relative(serverDist, args.path).split('\\').join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`),
        loader: 'ts',
        resolveDir: dirname(args.path),
      };
    });
  },
};

export async function buildServer() {
  const started = performance.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: serverEntries,
    outdir: serverDist,
    bundle: true,
    splitting: true, // server and worker share most modules; engines and other lazy imports get chunks of their own
    chunkNames: '[name]-[hash]', // beside the entries: import.meta.url below is relative to this one folder
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
    plugins: [externalThirdParty, keepSourceUrls],
  });
  await stop(); // esbuild's service process would otherwise live on beside the server that start.mjs runs next
  await pruneOldChunks(new Set(Object.keys(result.metafile.outputs).map((output) => resolve(root, output))));
  return performance.now() - started;
}

/**
 * Chunk names carry a hash of their contents, so a build never overwrites a chunk that a running server may still
 * import lazily (an engine on its first job); chunks no build has written for an hour are removed.
 */
async function pruneOldChunks(written) {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(serverDist)) {
    const path = join(serverDist, name);
    if (!written.has(path) && (await stat(path)).mtimeMs < hourAgo) await rm(path, { force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildServer();
  console.log(`Built the server into ${relative(root, serverDist)} in ${Math.round(ms)} ms`);
}
