import sharp from 'sharp';
import type { ImageAspectRatio, ImageGeneratorParams } from '@lumen/core/services/image-generator-params';
import type { Engine, EngineResultFile } from '../engine.ts';
import { makeImagePreview } from '../ai-background/image-preview.ts';
import { composeScene } from './compose-scene.ts';
import { readPrompt } from './read-prompt.ts';
import { hashString, seededRandom } from './seeded-random.ts';

export const imageGeneratorBuiltinLabel = 'Built-in procedural generator (offline)';

/** Output sizes: 1024 px on the long side. */
export const aspectRatioSizes: Record<ImageAspectRatio, { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '16:9': { width: 1024, height: 576 },
  '9:16': { width: 576, height: 1024 },
  '4:3': { width: 1024, height: 768 },
  '3:4': { width: 768, height: 1024 },
};

/** Film grain: ±strength of seeded noise on every channel, in place on raw RGB(A) pixels. */
function addGrain(pixels: Buffer, channels: number, seed: number, strength: number): void {
  const random = seededRandom(seed);
  for (let i = 0; i < pixels.length; i += channels) {
    const n = (random.next() + random.next() - 1) * strength;
    for (let c = 0; c < 3; c += 1) {
      const value = pixels[i + c]! + n;
      pixels[i + c] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
}

/** One picture: prompt + seed + index → palette and scene → SVG → sharp → grain → PNG. */
export async function renderGeneratedImage(params: ImageGeneratorParams, seed: number, index: number) {
  const { width, height } = aspectRatioSizes[params.aspectRatio];
  const imageSeed = hashString(`${params.prompt.trim().toLowerCase()}|${params.style}|${seed}|${index}`);
  const random = seededRandom(imageSeed);
  const reading = readPrompt(params.prompt, params.negativePrompt, random);
  const canvas = { width, height, reading, random, seed: imageSeed };
  const svg = composeScene(params.style, canvas);
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  addGrain(data, info.channels, imageSeed ^ 0x9e3779b9, params.style === 'minimal' ? 5 : 9);
  const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png, reading, width: info.width, height: info.height };
}

/**
 * Turns the prompt into pictures without any model: colour and mood words choose the palette,
 * element words (sun, mountains, sea, stars, trees…) the scene, the style the composition; the
 * negative prompt removes what it names. The same prompt, style and seed always give the same images.
 */
export const imageGeneratorEngine: Engine<ImageGeneratorParams> = {
  service: 'image-generator',
  kind: 'builtin',
  label: imageGeneratorBuiltinLabel,
  async run({ params }, { signal, onProgress }) {
    const seed = params.seed ?? hashString(params.prompt.trim().toLowerCase()) % 2 ** 31;
    const files: EngineResultFile[] = [];
    let understood: string[] = [];
    let palette: string[] = [];
    for (let index = 0; index < params.numberOfImages; index += 1) {
      signal.throwIfAborted();
      const { png, reading } = await renderGeneratedImage(params, seed, index);
      if (index === 0) {
        understood = reading.understood;
        palette = reading.palette;
      }
      const name = `generated-${index + 1}.png`;
      files.push({ name, contentType: 'image/png', kind: 'image', data: png, preview: await makeImagePreview(png, name) });
      onProgress((index + 1) / params.numberOfImages);
    }
    return {
      files,
      summary: { seed, style: params.style, aspectRatio: params.aspectRatio, understood, palette, engine: imageGeneratorBuiltinLabel },
    };
  },
};
