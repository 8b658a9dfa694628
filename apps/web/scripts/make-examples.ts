/**
 * Makes the example outputs of the /products/* pages with the server's BUILT-IN engines (no remote
 * model): npm run make-examples -w @lumen/web   (npx tsx scripts/make-examples.ts)
 *
 * A dev-time script: it imports server code directly, which web source (src/) never does. The
 * inputs are drawn here (SVG → sharp) or typed in src/features/marketing/examples/example-inputs.ts,
 * and the results are written small and web-ready under public/examples/<service>/.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  createAiBackgroundEngine,
  imageGeneratorEngine,
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

async function save(urlPath: string, data: Buffer | string, role: 'input' | 'output' = 'output'): Promise<void> {
  const file = join(publicDir, urlPath);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
  if (!current) throw new Error('save() before begin()');
  current.files[urlPath] = { role, sha256: createHash('sha256').update(data).digest('hex') };
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
  await save(aiBackgroundExample.after, await webp(fileOf(preset, 'background-preset.png')));
  await save(aiBackgroundExample.colorAfter, await webp(fileOf(color, 'background-color.png')));
  await save(aiBackgroundExample.cutout, await webp(fileOf(preset, 'background-removed.png'), 720, 82));
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
    const result = await imageGeneratorEngine.run(
      { params: { prompt: example.prompt, style: example.style, aspectRatio: example.aspectRatio, numberOfImages: 1 }, files: {} },
      context(`  ${example.style}`),
    );
    await save(example.file, await webp(result.files[0]!.data, 640, 80));
  }
}

/** A standing figure in a blue top and grey trousers on a flat light backdrop (as the engine's own tests). */
function personPhoto() {
  return png(
    400,
    800,
    `<rect width="400" height="800" fill="#dedad4"/>
<circle cx="200" cy="80" r="42" fill="#c89878"/><path d="M160 70 q40 -60 80 0 q-10 -30 -40 -32 q-30 2 -40 32z" fill="#3b2a20"/>
<rect x="184" y="116" width="32" height="28" fill="#c89878"/>
<path d="M126 146 Q200 130 274 146 L282 400 L118 400 Z" fill="#3a66b0"/>
<rect x="94" y="154" width="30" height="226" rx="14" fill="#c89878"/><rect x="276" y="154" width="30" height="226" rx="14" fill="#c89878"/>
<rect x="122" y="400" width="70" height="360" fill="#4a4a52"/><rect x="208" y="400" width="70" height="360" fill="#4a4a52"/>
<rect x="116" y="756" width="80" height="22" rx="8" fill="#222"/><rect x="204" y="756" width="80" height="22" rx="8" fill="#222"/>`,
  );
}

function garmentPhoto() {
  return png(
    480,
    480,
    `<rect width="480" height="480" fill="#ffffff"/>
<path d="M156 72 L204 60 Q240 96 276 60 L324 72 L420 144 L384 204 L336 174 L336 420 L144 420 L144 174 L96 204 L60 144 Z" fill="#d42a2a"/>
<path d="M204 60 Q240 96 276 60" fill="none" stroke="#a81e1e" stroke-width="6"/>`,
  );
}

async function makeVirtualTryOn() {
  begin('virtual-try-on', [
    { description: virtualTryOnExample.description, source: 'personPhoto() and garmentPhoto() in this script (SVG)', licence: OWN_WORK },
  ]);
  const person = await personPhoto();
  const garment = await garmentPhoto();
  const result = await virtualTryOnEngine.run(
    { params: { category: 'top', consentToLikeness: true }, files: { person, garment } },
    context('  try-on'),
  );
  await save(virtualTryOnExample.person, await webp(person.data, 400), 'input');
  await save(virtualTryOnExample.garment, await webp(garment.data, 320), 'input');
  await save(virtualTryOnExample.after, await webp(result.files[0]!.data, 400));
}

async function makeSpeedpainting() {
  begin('speedpainting', [
    { description: speedpaintingExample.description, source: 'landscapePng() from @lumen/engines/testing', licence: OWN_WORK },
  ]);
  const image: EngineFile = { name: 'landscape.png', contentType: 'image/png', data: await landscapePng(1024, 768) };
  const result = await speedpaintingEngine.run(
    { params: { style: 'oil', durationSeconds: speedpaintingExample.durationSeconds, resolution: '480p' }, files: { image } },
    context('  painting'),
  );
  await save(speedpaintingExample.source, await webp(image.data, 640), 'input');
  const video = result.files.find((f) => f.kind === 'video')!;
  if (video.data.length > 3 * 1024 * 1024) throw new Error(`The video is ${video.data.length} bytes, over 3 MB`);
  await save(speedpaintingExample.video, video.data);
  const poster = result.files.find((f) => f.kind === 'image')!;
  await save(speedpaintingExample.poster, await sharp(poster.data).jpeg({ quality: 78, mozjpeg: true }).toBuffer());
  await save(speedpaintingExample.video.replace(/\.mp4$/, '.json'), `${JSON.stringify(result.summary, null, 2)}\n`);
}

async function makeSound() {
  begin('sound-generator', [{ description: `Prompt: ${soundGeneratorExample.prompt}`, source: 'example-inputs.ts', licence: OWN_WORK }]);
  const result = await soundGeneratorEngine.run(
    { params: { prompt: soundGeneratorExample.prompt, durationSeconds: soundGeneratorExample.durationSeconds, format: 'wav' }, files: {} },
    context('  sound'),
  );
  // The engine's MP3 (192 kbps stereo) is what a user plays on the result page, so the page plays it too.
  const mp3 = result.files.find((file) => file.contentType === 'audio/mpeg');
  if (!mp3) throw new Error(`The engine returned no MP3 (got ${result.files.map((f) => f.name).join(', ')})`);
  if (mp3.data.length > 600 * 1024) throw new Error(`The sound is ${mp3.data.length} bytes, over 600 KB`);
  await save(soundGeneratorExample.audio, mp3.data);
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
