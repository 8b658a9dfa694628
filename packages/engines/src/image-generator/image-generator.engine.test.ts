import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageAspectRatios, imageGeneratorParamsSchema } from '@lumen/core/services/image-generator-params';
import type { ImageGeneratorParamsInput } from '@lumen/core/services/image-generator-params';
import type { EngineContext } from '../engine.ts';
import { hueDistance } from './colour.ts';
import { aspectRatioSizes, imageGeneratorEngine } from './image-generator.engine.ts';
import { readPrompt } from './read-prompt.ts';
import { seededRandom } from './seeded-random.ts';

const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });
const generate = (input: ImageGeneratorParamsInput) =>
  imageGeneratorEngine.run({ params: imageGeneratorParamsSchema.parse(input), files: {} }, context());

describe('image-generator built-in engine', () => {
  it('makes a PNG of the right size for every aspect ratio', async () => {
    const styles = ['landscape', 'minimal', 'neon', 'abstract', 'landscape'] as const;
    for (const [i, aspectRatio] of imageAspectRatios.entries()) {
      const result = await generate({ prompt: 'a calm sunset over the mountains and a lake', aspectRatio, style: styles[i], seed: 7 });
      const [file] = result.files;
      expect(file).toMatchObject({ name: 'generated-1.png', contentType: 'image/png', kind: 'image' });
      const metadata = await sharp(file!.data).metadata();
      expect(metadata.format).toBe('png');
      expect({ width: metadata.width, height: metadata.height }).toEqual(aspectRatioSizes[aspectRatio]);
      expect(Math.max(metadata.width!, metadata.height!)).toBe(1024);
    }
  });

  it('is deterministic for the same prompt and seed, and differs for another prompt or seed', async () => {
    const base = { prompt: 'neon city at night', style: 'neon', aspectRatio: '1:1', seed: 42 } as const;
    const [a, b, otherPrompt, otherSeed] = await Promise.all([
      generate(base),
      generate(base),
      generate({ ...base, prompt: 'green forest in the morning' }),
      generate({ ...base, seed: 43 }),
    ]);
    expect(a.files[0]!.data.equals(b.files[0]!.data)).toBe(true);
    expect(a.files[0]!.data.equals(otherPrompt.files[0]!.data)).toBe(false);
    expect(a.files[0]!.data.equals(otherSeed.files[0]!.data)).toBe(false);
    expect(a.summary).toMatchObject({ seed: 42, style: 'neon' });
  });

  it('makes the requested number of distinct images, each with a smaller watermarked preview', async () => {
    const result = await generate({ prompt: 'blue and gold swirls', style: 'minimal', numberOfImages: 2, seed: 1 });
    expect(result.files.map((f) => f.name)).toEqual(['generated-1.png', 'generated-2.png']);
    expect(result.files[0]!.data.equals(result.files[1]!.data)).toBe(false);
    for (const file of result.files) {
      const preview = await sharp(file.preview!.data).metadata();
      expect(preview.format).toBe('webp');
      expect(preview.width).toBe(512);
      expect(file.preview!.data.length).toBeLessThan(file.data.length);
    }
  });

  it('colours the picture from the prompt', async () => {
    const result = await generate({ prompt: 'red', style: 'minimal', seed: 3 });
    const stats = await sharp(result.files[0]!.data).stats();
    // Red is named, so the red channel carries more than the blue one overall.
    expect(stats.channels[0]!.mean).toBeGreaterThan(stats.channels[2]!.mean);
  });

  it('understands colours, moods and scene words, and the negative prompt removes them', () => {
    const reading = readPrompt('a red sun over the mountains by the sea', undefined, seededRandom(1));
    expect([...reading.elements].sort()).toEqual(['mountains', 'sun', 'water']);
    expect(reading.accent).toBe('#d7263d');
    const without = readPrompt('a red and blue sun over the mountains', 'sun, red', seededRandom(1));
    expect(without.elements.has('sun')).toBe(false);
    expect(without.elements.has('mountains')).toBe(true);
    expect(without.palette.every((colour) => hueDistance(colour, '#d7263d') > 28)).toBe(true);
    expect(readPrompt('starry night', undefined, seededRandom(1)).night).toBe(true);
    expect(readPrompt('sunset', undefined, seededRandom(1)).palette).toHaveLength(5);
  });
});
