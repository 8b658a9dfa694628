// Builds the publishable package into dist/ (npm run build -w @lumen/sdk; npm pack runs it first):
//   dist/cjs  CommonJS and the declarations, by tsc (tsconfig.build.json), marked "type": "commonjs" by
//             dist/cjs/package.json: the "require" condition;
//   dist/esm  one ES module bundled by esbuild (openapi-fetch stays an import) and the same declarations:
//             the "import" condition.
// The sources import each other with .ts extensions (as every workspace here does); tsc rewrites them to
// .js in the JavaScript it writes but keeps them in declarations, so this script rewrites those.
import { execFileSync } from 'node:child_process';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const { build } = require('esbuild');
const dist = join(root, 'dist');
const { dependencies } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));

async function rewriteDeclarations(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await rewriteDeclarations(path);
    else if (entry.name.endsWith('.d.ts')) {
      const text = await readFile(path, 'utf8');
      await writeFile(path, text.replace(/(['"])(\.{1,2}\/[^'"]*?)\.ts\1/g, '$1$2.js$1'));
    }
  }
}

await rm(dist, { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
await writeFile(join(dist, 'cjs', 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
await rewriteDeclarations(join(dist, 'cjs'));
await cp(join(dist, 'cjs'), join(dist, 'esm'), {
  recursive: true,
  filter: (path) => !path.endsWith('.js') && !path.endsWith('package.json'),
});
await build({
  entryPoints: [join(root, 'src', 'index.ts')],
  outfile: join(dist, 'esm', 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: Object.keys(dependencies),
  logLevel: 'warning',
});
console.log(`built ${dist} (cjs, esm)`);
