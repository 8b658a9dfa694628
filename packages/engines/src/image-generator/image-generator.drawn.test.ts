import { describe, expect, it } from 'vitest';
import { imageAspectRatios, imageGeneratorParamsSchema, imageStyles } from '@lumen/core/services/image-generator-params';
import { EngineInputError } from '../engine.ts';
import { composeGeneratedImage, imageGeneratorEngine } from './image-generator.engine.ts';
import { iconVocabulary } from './icon-vocabulary.ts';
import { finishFor, readImageRequest, sceneItems } from './read-request.ts';
import { surfaceTops } from './scene-words.ts';

/**
 * The preview and the job share one rule: what the preview says it will draw ('Will draw: …'), the layout
 * places, figure for figure. Checked over the whole vocabulary, so the engine's last guard (a job whose main
 * subject was not placed fails and is refunded) is never the answer to a request the preview accepted.
 */
const surfaces = Object.keys(surfaceTops).map((icon) => [...iconVocabulary()].find(([, entry]) => entry.icon === icon)![0]);

async function expectDrawnAsPreviewed(prompt: string, k: number) {
  const params = imageGeneratorParamsSchema.parse({
    prompt,
    style: imageStyles[k % imageStyles.length],
    aspectRatio: imageAspectRatios[k % imageAspectRatios.length],
  });
  const reading = await readImageRequest(params);
  if (reading.refusal) return false;
  const { read, scene, figures } = await composeGeneratedImage(params, 7, k % 3);
  // Every subject with as many figures as it was read with, and the caption the preview showed.
  for (const subject of read.subjects) {
    expect(figures.filter((f) => f.icon === subject.icon && f.phrase === subject.phrase).length, `${prompt}: ${subject.phrase}`).toBe(
      subject.count,
    );
  }
  expect(sceneItems(scene, finishFor(scene, params.style)), prompt).toEqual(reading.willMake);
  return true;
}

describe('everything the preview accepts is drawn', () => {
  it('every phrase of the vocabulary, alone, counted, and on a surface', { timeout: 240_000 }, async () => {
    let accepted = 0;
    let k = 0;
    for (const phrase of iconVocabulary().keys()) {
      for (const prompt of [`a ${phrase}`, `three ${phrase}`, `a ${phrase} on a ${surfaces[k % surfaces.length]}`]) {
        if (await expectDrawnAsPreviewed(prompt, k)) accepted += 1;
        k += 1;
      }
    }
    expect(accepted).toBeGreaterThan(iconVocabulary().size * 2.5);
  });

  it('things on things on things, the most figures a picture holds and the narrowest pictures', async () => {
    let k = 0;
    const prompts = [
      ...surfaces.flatMap((a) => surfaces.filter((b) => b !== a).map((b) => `a cat sleeping on a ${a} on a ${b}`)),
      'three cats on a chair on a rock on a bed',
      'ten dogs and twelve cats on a sofa with a horse, a boat, a bird and a tree',
      'a herd of elephants, a flock of birds and a pack of wolves in the snow at night',
      'two fish, a boat and a whale in the ocean',
      'an apple, a cake and a cup of coffee on a table',
    ];
    for (const prompt of prompts) {
      for (let i = 0; i < imageStyles.length; i += 1) {
        expect(await expectDrawnAsPreviewed(prompt, k), prompt).toBe(true);
        k += 1;
      }
    }
  });

  it('the job draws the chain of surfaces it previewed (before, the cat on the chair on the rock was dropped and the job refunded)', async () => {
    const params = imageGeneratorParamsSchema.parse({ prompt: 'a cat on a chair on a rock', seed: 3 });
    expect((await readImageRequest(params)).headline).toBe('Will draw: cat on the chair on the rock, room');
    const result = await imageGeneratorEngine.run({ params, files: {} }, { signal: new AbortController().signal, onProgress: () => {} });
    expect(result.summary).toMatchObject({ drawn: ['cat on the chair on the rock', 'room'], notDrawn: [] });
    // What the engine refuses (the preview's refusal) it refuses as an input error, so the job is refunded.
    const lighthouse = imageGeneratorParamsSchema.parse({ prompt: 'a lighthouse on a cliff' });
    await expect(
      imageGeneratorEngine.run({ params: lighthouse, files: {} }, { signal: new AbortController().signal, onProgress: () => {} }),
    ).rejects.toThrow(EngineInputError);
  });
});
