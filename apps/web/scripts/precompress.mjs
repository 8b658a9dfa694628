#!/usr/bin/env node
// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text asset of dist/
// (scripts, styles, HTML, SVG, JSON, XML, text), so the server sends them compressed at no CPU cost
// per request (@fastify/static preCompressed). Media are already compressed and are left alone.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest)$/;

function* filesUnder(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of filesUnder(dist)) {
  if (!TEXT.test(path)) continue;
  const source = readFileSync(path);
  const brotli = brotliCompressSync(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
  count += 1;
  before += source.length;
  after += brotli.length;
}
console.log(`precompress: ${count} files, ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB with brotli`);
