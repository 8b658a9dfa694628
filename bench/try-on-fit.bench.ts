/**
 * How the built-in virtual try-on fits the body, on the openly licensed photos of adults in
 * packages/engines/src/virtual-try-on/fixtures: each photo is dressed in a purple long-sleeved top and the
 * result is measured (garment over the torso, garment off the person, upper arms covered by the sleeves, face box
 * untouched, output size, and where a photo has hair over the chest, the share of its hair pixels left in front of
 * the garment), then four of them in purple trousers (thighs covered, garment off the person). The
 * same measures as the engine's test (fit-measures.ts).
 *
 *   npx tsx bench/try-on-fit.bench.ts [folder]     (writes each result as <folder>/<photo>.png when given)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { virtualTryOnEngine } from '@lumen/engines';
import type { EngineContext } from '@lumen/engines';
import {
  detectPerson,
  fitFixtures,
  fitFixtureUrl,
  longSleeveSvg,
  measureFit,
  measureHair,
  measureLegs,
  trousersSvg,
} from '@lumen/engines/testing';

const folder = process.argv[2];
if (folder) await mkdir(folder, { recursive: true });
const context: EngineContext = { signal: new AbortController().signal, onProgress: () => undefined };
const rgb = async (data: Buffer) => {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: raw, width: info.width, height: info.height };
};
const garment = await sharp(Buffer.from(longSleeveSvg)).png().toBuffer();
const pct = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);

console.log(
  '| photo (pose) | size in → out | torso covered | off the person | upper arms covered | face box pixels changed | hair kept in front | ms |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const fixture of fitFixtures) {
  const person = await readFile(fitFixtureUrl(fixture.file));
  const started = performance.now();
  const result = await virtualTryOnEngine.run(
    {
      params: { category: 'top', consentToLikeness: true },
      files: {
        person: { name: fixture.file, contentType: 'image/jpeg', data: person },
        garment: { name: 'top.png', contentType: 'image/png', data: garment },
      },
    },
    context,
  );
  const ms = Math.round(performance.now() - started);
  const output = result.files[0]!.data;
  if (folder) await writeFile(join(folder, fixture.file.replace(/\.jpg$/, '.png')), output);
  const before = await rgb(person);
  const after = await rgb(output);
  const pose = (await detectPerson(before))!;
  const figures = measureFit(before, after, pose, fixture.faceBox);
  const hair = fixture.hair ? measureHair(before, after, pose, fixture.faceBox, fixture.hair) : null;
  console.log(
    `| ${fixture.file} (${fixture.pose}) | ${before.width}×${before.height} → ${after.width}×${after.height} | ${pct(figures.torso)} | ${pct(figures.outside)} | ${pct(figures.upperArms)} | ${figures.faceChanged} | ${hair ? `${pct(hair.kept)} of ${hair.pixels} px` : '–'} | ${ms} |`,
  );
}

const trousers = await sharp(Buffer.from(trousersSvg)).png().toBuffer();
console.log('\n| photo, trousers | thighs covered | off the person |');
console.log('|---|---:|---:|');
for (const file of [
  'yellow-tracksuit-arms-raised.jpg',
  'blue-tracksuit-leaning.jpg',
  'red-shirt-turned.jpg',
  'white-shirt-jacket-over-shoulder.jpg',
]) {
  const person = await readFile(fitFixtureUrl(file));
  const result = await virtualTryOnEngine.run(
    {
      params: { category: 'bottom', consentToLikeness: true },
      files: {
        person: { name: file, contentType: 'image/jpeg', data: person },
        garment: { name: 'trousers.png', contentType: 'image/png', data: trousers },
      },
    },
    context,
  );
  const output = result.files[0]!.data;
  if (folder) await writeFile(join(folder, file.replace(/\.jpg$/, '-trousers.png')), output);
  const figures = measureLegs(await rgb(output), (await detectPerson(await rgb(person)))!);
  console.log(`| ${file} | ${pct(figures.thighs)} | ${pct(figures.outside)} |`);
}
