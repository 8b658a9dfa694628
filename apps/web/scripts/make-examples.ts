/**
 * Makes the example outputs of the /products/* pages with the server's BUILT-IN engines (no remote
 * model): npm run make-examples -w @lumen/web   (npx tsx scripts/make-examples.ts)
 *
 * A dev-time script: it runs the engines of @lumen/engines directly, which web source (src/) never does. The
 * inputs are drawn here (SVG → sharp), typed in src/lib/examples/example-inputs.ts, or taken from the starter try-on
 * catalogue (a photo of the server's seed-photos/, read as a file, and a garment drawn by @lumen/engines), and the
 * results are written small and web-ready under public/examples/<service>/.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  createAiBackgroundEngine,
  imageGeneratorEngine,
  renderSeedGarments,
  salesPilotEngine,
  soundGeneratorEngine,
  speedpaintingEngine,
  virtualTryOnEngine,
} from '@lumen/engines';
import type { EngineContext, EngineFile, EngineResult } from '@lumen/engines';
import type { ExampleInput, ExamplesManifest } from '../src/lib/examples/examples-manifest.ts';
import { landscapePng } from '@lumen/engines/testing';
import {
  EXAMPLES_BASE,
  aiBackgroundExample,
  exampleEngineLabels,
  imageGeneratorExamples,
  salesPilotExample,
  salesPilotTranscript,
  soundGeneratorExample,
  speedpaintingExample,
  virtualTryOnExample,
} from '../src/lib/examples/example-inputs.ts';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(webRoot, 'public');
const only = new Set(process.argv.slice(2));

const context = (label: string): EngineContext => ({
  signal: new AbortController().signal,
  onProgress: (fraction) => process.stdout.write(`\r${label} ${Math.round(fraction * 100)}%   `),
});

/**
 * What each written file is and where its inputs came from: public/examples/manifest.json. A test checks that every
 * example the pages show is listed there, unchanged since this script wrote it (sha256), with its inputs' licences.
 */
const manifestPath = join(publicDir, EXAMPLES_BASE, 'manifest.json');
const manifest: ExamplesManifest = await readFile(manifestPath, 'utf8')
  .then((text) => JSON.parse(text) as ExamplesManifest)
  .catch(() => ({ generatedBy: 'apps/web/scripts/make-examples.ts', services: {} }));
let current: ExamplesManifest['services'][string] | null = null;

/** Every input here is drawn or written by this script (or by make-images.mjs for the backdrops): the project's own work. */
const OWN_WORK = 'Own work of this project, drawn or written by its scripts (no third-party material)';

function begin(service: keyof typeof exampleEngineLabels, inputs: ExampleInput[]) {
  console.log(service);
  current = { engine: exampleEngineLabels[service], inputs, files: {} };
  manifest.services[service] = current;
}

/** Writes a file and lists it: its hash, a picture's size, and for an output the params the engine ran with. */
async function save(
  urlPath: string,
  data: Buffer | string,
  role: 'input' | 'output' = 'output',
  params?: Record<string, unknown>,
): Promise<void> {
  const file = join(publicDir, urlPath);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
  if (!current) throw new Error('save() before begin()');
  const picture = /\.(webp|jpg|png)$/.test(urlPath) ? await sharp(data).metadata() : null;
  current.files[urlPath] = {
    role,
    sha256: createHash('sha256').update(data).digest('hex'),
    ...(picture ? { width: picture.width, height: picture.height } : {}),
    ...(params ? { params } : {}),
  };
  const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  console.log(`\n  wrote ${urlPath} (${(size / 1024).toFixed(1)} KB)`);
}

const png = async (width: number, height: number, body: string): Promise<EngineFile> => ({
  name: 'picture.png',
  contentType: 'image/png',
  data: await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`))
    .png()
    .toBuffer(),
});

/** Web-ready: at most `width` wide, WebP. */
const webp = (data: Buffer, width = 720, quality = 78) =>
  sharp(data).resize({ width, withoutEnlargement: true }).webp({ quality, effort: 5 }).toBuffer();

function fileOf(result: EngineResult, name: string): Buffer {
  const file = result.files.find((f) => f.name === name);
  if (!file) throw new Error(`The engine returned no ${name} (got ${result.files.map((f) => f.name).join(', ')})`);
  return file.data;
}

/** A product shot: a bottle and a cup with soft shadows on a light studio backdrop. */
function productPhoto() {
  return png(
    800,
    600,
    `<defs>
  <radialGradient id="studio" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#ececec"/><stop offset="1" stop-color="#cfcfcf"/></radialGradient>
  <linearGradient id="glass" x1="0" x2="1"><stop offset="0" stop-color="#1d6b4a"/><stop offset="0.35" stop-color="#3fae7d"/><stop offset="1" stop-color="#134d35"/></linearGradient>
  <linearGradient id="cup" x1="0" x2="1"><stop offset="0" stop-color="#d9673a"/><stop offset="0.4" stop-color="#f08a5d"/><stop offset="1" stop-color="#a94a25"/></linearGradient>
  <filter id="blur"><feGaussianBlur stdDeviation="9"/></filter>
</defs>
<rect width="800" height="600" fill="url(#studio)"/>
<ellipse cx="330" cy="505" rx="95" ry="16" fill="#9a9a9a" opacity="0.55" filter="url(#blur)"/>
<ellipse cx="520" cy="508" rx="85" ry="14" fill="#9a9a9a" opacity="0.5" filter="url(#blur)"/>
<path d="M300 110 h60 v70 q60 30 60 110 v190 q0 25 -25 25 h-130 q-25 0 -25 -25 v-190 q0 -80 60 -110 z" fill="url(#glass)"/>
<rect x="296" y="92" width="68" height="26" rx="6" fill="#2c2c2c"/>
<rect x="262" y="300" width="136" height="110" rx="8" fill="#f4efe6"/>
<text x="330" y="350" font-family="sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="#1d6b4a">LUMEN</text>
<text x="330" y="382" font-family="sans-serif" font-size="15" text-anchor="middle" fill="#555">olive oil</text>
<path d="M455 330 h130 l-12 170 q-2 15 -17 15 h-72 q-15 0 -17 -15 z" fill="url(#cup)"/>
<path d="M585 360 q48 6 40 52 q-6 36 -48 40" fill="none" stroke="#c05a30" stroke-width="14"/>
<ellipse cx="520" cy="330" rx="65" ry="12" fill="#7a3a1c"/>`,
  );
}

async function makeAiBackground() {
  begin('ai-background', [
    { description: aiBackgroundExample.description, source: 'productPhoto() in this script (SVG)', licence: OWN_WORK },
    {
      description: `Preset backdrop ${aiBackgroundExample.preset}`,
      source: `/main/studio/${aiBackgroundExample.preset}.jpg (packages/engines/scripts/render-studio-presets.ts)`,
      licence: OWN_WORK,
    },
  ]);
  const engine = createAiBackgroundEngine();
  const image = await productPhoto();
  const preset = await engine.run(
    { params: { mode: 'preset', preset: aiBackgroundExample.preset }, files: { image } },
    context('  preset'),
  );
  const color = await engine.run({ params: { mode: 'color', color: aiBackgroundExample.color }, files: { image } }, context('  colour'));
  await save(aiBackgroundExample.before, await webp(image.data), 'input');
  const presetParams = { mode: 'preset', preset: aiBackgroundExample.preset };
  await save(aiBackgroundExample.after, await webp(fileOf(preset, 'background-preset.png')), 'output', presetParams);
  await save(aiBackgroundExample.colorAfter, await webp(fileOf(color, 'background-color.png')), 'output', {
    mode: 'color',
    color: aiBackgroundExample.color,
  });
  await save(aiBackgroundExample.cutout, await webp(fileOf(preset, 'background-removed.png'), 720, 82), 'output', presetParams);
}

async function makeImageGenerator() {
  begin(
    'image-generator',
    imageGeneratorExamples.map((example) => ({
      description: `Prompt: ${example.prompt} (${example.style})`,
      source: 'example-inputs.ts',
      licence: OWN_WORK,
    })),
  );
  for (const example of imageGeneratorExamples) {
    const params = { prompt: example.prompt, style: example.style, aspectRatio: example.aspectRatio, numberOfImages: 1 };
    const result = await imageGeneratorEngine.run({ params, files: {} }, context(`  ${example.style}`));
    await save(example.file, await webp(result.files[0]!.data, 640, 80), 'output', params);
  }
}

/** A photo of the starter try-on catalogue (its source and licence are in that folder's README). */
const cataloguePhoto = (file: string) => readFile(join(webRoot, '../server/src/modules/try-on/seed-photos', file));

async function makeVirtualTryOn() {
  const { photo, garment: garmentKey } = virtualTryOnExample.catalogue;
  begin('virtual-try-on', [
    {
      description: `Photo ${photo} of the starter try-on catalogue: a man in a denim jacket, arms at the sides`,
      source:
        'apps/server/src/modules/try-on/seed-photos/denim-jacket-beach.jpg, from huyhnguy/Bonfire-Fashion src/images/man-1.jpg; Brooke Cagle, https://unsplash.com/photos/man-standing-on-road-between-sand-7iTE5rhI6lc',
      licence: 'Unsplash License',
    },
    {
      description: `Garment ${garmentKey} of the starter try-on catalogue: a navy and white Breton long-sleeve top, flat on white`,
      source: 'packages/engines/src/virtual-try-on/catalogue-garments.ts (SVG)',
      licence: OWN_WORK,
    },
  ]);
  const drawn = (await renderSeedGarments()).find((item) => item.key === garmentKey);
  if (!drawn) throw new Error(`The catalogue has no garment ${garmentKey}`);
  const person: EngineFile = { name: photo, contentType: 'image/jpeg', data: await cataloguePhoto(photo) };
  const garment: EngineFile = { name: `${garmentKey}.png`, contentType: 'image/png', data: drawn.image };
  const params = { category: virtualTryOnExample.category, consentToLikeness: true };
  const result = await virtualTryOnEngine.run({ params, files: { person, garment } }, context('  try-on'));
  await save(virtualTryOnExample.person, await webp(person.data, virtualTryOnExample.width, 68), 'input');
  await save(virtualTryOnExample.garment, await webp(garment.data, 240, 72), 'input');
  await save(virtualTryOnExample.after, await webp(result.files[0]!.data, virtualTryOnExample.width, 68), 'output', params);
}

async function makeSpeedpainting() {
  begin('speedpainting', [
    { description: speedpaintingExample.description, source: 'landscapePng() from @lumen/engines/testing', licence: OWN_WORK },
  ]);
  const image: EngineFile = { name: 'landscape.png', contentType: 'image/png', data: await landscapePng(1024, 768) };
  const paintingParams = { style: speedpaintingExample.style, durationSeconds: speedpaintingExample.durationSeconds, resolution: '480p' };
  const result = await speedpaintingEngine.run({ params: paintingParams, files: { image } }, context('  painting'));
  await save(speedpaintingExample.source, await webp(image.data, 640), 'input');
  const video = result.files.find((f) => f.kind === 'video')!;
  if (video.data.length > 3 * 1024 * 1024) throw new Error(`The video is ${video.data.length} bytes, over 3 MB`);
  await save(speedpaintingExample.video, video.data, 'output', paintingParams);
  const poster = result.files.find((f) => f.kind === 'image')!;
  await save(
    speedpaintingExample.poster,
    await sharp(poster.data).jpeg({ quality: 70, mozjpeg: true }).toBuffer(),
    'output',
    paintingParams,
  );
  await save(speedpaintingExample.video.replace(/\.mp4$/, '.json'), `${JSON.stringify(result.summary, null, 2)}\n`);
}

async function makeSound() {
  begin('sound-generator', [{ description: `Prompt: ${soundGeneratorExample.prompt}`, source: 'example-inputs.ts', licence: OWN_WORK }]);
  const soundParams = { prompt: soundGeneratorExample.prompt, durationSeconds: soundGeneratorExample.durationSeconds, format: 'wav' };
  const result = await soundGeneratorEngine.run({ params: soundParams, files: {} }, context('  sound'));
  // The engine's MP3 (192 kbps stereo) is what a user plays on the result page, so the page plays it too.
  const mp3 = result.files.find((file) => file.contentType === 'audio/mpeg');
  if (!mp3) throw new Error(`The engine returned no MP3 (got ${result.files.map((f) => f.name).join(', ')})`);
  if (mp3.data.length > 600 * 1024) throw new Error(`The sound is ${mp3.data.length} bytes, over 600 KB`);
  await save(soundGeneratorExample.audio, mp3.data, 'output', soundParams);
  await save(soundGeneratorExample.summary, `${JSON.stringify(result.summary)}\n`);
}

async function makeSalesPilot() {
  begin('sales-pilot', [
    { description: salesPilotExample.description, source: 'salesPilotTranscript in example-inputs.ts (invented)', licence: OWN_WORK },
  ]);
  const result = await salesPilotEngine.run({ params: { text: salesPilotTranscript, language: 'en' }, files: {} }, context('  report'));
  await save(salesPilotExample.report, `${JSON.stringify(result.summary, null, 2)}\n`);
  await save(salesPilotExample.html, fileOf(result, 'sales-call-report.html'));
}

const engines = [
  createAiBackgroundEngine(),
  imageGeneratorEngine,
  virtualTryOnEngine,
  speedpaintingEngine,
  salesPilotEngine,
  soundGeneratorEngine,
];
for (const engine of engines) {
  if (engine.kind !== 'builtin' || engine.label !== exampleEngineLabels[engine.service]) {
    throw new Error(
      `${engine.service}: the pages say "${exampleEngineLabels[engine.service]}" but the engine is "${engine.label}" (${engine.kind})`,
    );
  }
}

const jobs: [string, () => Promise<void>][] = [
  ['ai-background', makeAiBackground],
  ['image-generator', makeImageGenerator],
  ['virtual-try-on', makeVirtualTryOn],
  ['speed-painting', makeSpeedpainting],
  ['sound-generator', makeSound],
  ['sales-pilot', makeSalesPilot],
];

for (const [name, make] of jobs) {
  if (only.size === 0 || only.has(name)) await make();
}
await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
console.log('done');
