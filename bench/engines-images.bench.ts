/**
 * Time of each built-in image engine (AI background, image generator, virtual try-on) on a
 * reference input, in-process: one warm-up run (loads the segmentation model), then RUNS timed runs.
 * The reference photo is synthetic and photo-like: 1024×768, a soft vertical gradient background
 * with noise, a person-like figure (head, torso, arms, legs) with shading.
 *
 *   npm run bench:engines -w @lumen/server          (BENCH_RUNS=5 to change the number of runs)
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { imageGeneratorParamsSchema } from '@lumen/core/services/image-generator-params';
import { aiBackgroundEngine, imageGeneratorEngine, virtualTryOnEngine } from '@lumen/engines';
import type { Engine, EngineContext, EngineFile } from '@lumen/engines';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function referencePhoto(): Promise<EngineFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9e6e1"/><stop offset="1" stop-color="#cfcac2"/></linearGradient>
<linearGradient id="shirt" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#2c5595"/><stop offset="0.5" stop-color="#3f6fb8"/><stop offset="1" stop-color="#2a4f8a"/></linearGradient></defs>
<rect width="1024" height="768" fill="url(#bg)"/>
<ellipse cx="512" cy="120" rx="52" ry="64" fill="#c99877"/><rect x="490" y="176" width="44" height="34" fill="#bf8d6c"/>
<path d="M410 215 Q512 190 614 215 L628 520 L396 520 Z" fill="url(#shirt)"/>
<rect x="362" y="222" width="44" height="290" rx="20" fill="#c99877"/><rect x="618" y="222" width="44" height="290" rx="20" fill="#c99877"/>
<rect x="404" y="520" width="100" height="248" fill="#44444c"/><rect x="520" y="520" width="100" height="248" fill="#44444c"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  let state = 12345;
  for (let i = 0; i < data.length; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    data[i] = Math.min(255, Math.max(0, data[i]! + ((state >>> 24) % 13) - 6));
  }
  const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { name: 'reference.jpg', contentType: 'image/jpeg', data: jpeg };
}

async function garmentPhoto(): Promise<EngineFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#fafafa"/>
<path d="M260 120 L340 100 Q400 160 460 100 L540 120 L700 240 L640 340 L560 290 L560 700 L240 700 L240 290 L160 340 L100 240 Z" fill="#c22f2f"/></svg>`;
  return { name: 'garment.png', contentType: 'image/png', data: await sharp(Buffer.from(svg)).png().toBuffer() };
}

const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });

async function time<P>(engine: Engine<P>, params: P, files: Record<string, EngineFile>) {
  await engine.run({ params, files }, context());
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await engine.run({ params, files }, context());
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)]!, min: samples[0]!, max: samples[samples.length - 1]! };
}

const photo = await referencePhoto();
const garment = await garmentPhoto();
const rows: [string, Awaited<ReturnType<typeof time>>][] = [];
rows.push([
  'ai-background, transparent cut-out (1024×768 photo)',
  await time(aiBackgroundEngine, { mode: 'transparent' }, { image: photo }),
]);
rows.push([
  'ai-background, preset background 3 (1024×768 photo)',
  await time(aiBackgroundEngine, { mode: 'preset', preset: 3 }, { image: photo }),
]);
for (const style of ['abstract', 'watercolor', 'neon', 'minimal', 'landscape'] as const) {
  const params = imageGeneratorParamsSchema.parse({
    prompt: 'a calm sunset over the mountains and a lake',
    style,
    aspectRatio: '4:3',
    seed: 1,
  });
  rows.push([`image-generator, ${style}, 1 image 1024×768`, await time(imageGeneratorEngine, params, {})]);
}
rows.push([
  'image-generator, landscape, 4 images 1024×768',
  await time(
    imageGeneratorEngine,
    imageGeneratorParamsSchema.parse({ prompt: 'starry night forest', style: 'landscape', aspectRatio: '4:3', numberOfImages: 4, seed: 1 }),
    {},
  ),
]);
rows.push([
  'virtual-try-on, top (1024×768 person, 800×800 garment)',
  await time(virtualTryOnEngine, { category: 'top', consentToLikeness: true }, { person: photo, garment }),
]);

console.log(
  `\n${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${RUNS} timed runs after 1 warm-up\n`,
);
console.log('| engine and input | median ms | min ms | max ms |');
console.log('|---|---:|---:|---:|');
for (const [name, r] of rows) console.log(`| ${name} | ${r.median.toFixed(0)} | ${r.min.toFixed(0)} | ${r.max.toFixed(0)} |`);
