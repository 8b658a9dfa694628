import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageGeneratorParamsSchema, imageGeneratorSummarySchema } from '@lumen/core/services/image-generator-params';
import type { ImageGeneratorParamsInput } from '@lumen/core/services/image-generator-params';
import { EngineInputError } from '../engine.ts';
import type { EngineContext } from '../engine.ts';
import { iconNames } from './icon-set.ts';
import { iconVocabulary } from './icon-vocabulary.ts';
import { imageGeneratorEngine, renderGeneratedImage } from './image-generator.engine.ts';
import { layableAnimals } from './poses.ts';
import { closeThings, readImageRequest } from './read-request.ts';
import { surfaceTops } from './scene-words.ts';

const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });
const parse = (input: ImageGeneratorParamsInput) => imageGeneratorParamsSchema.parse(input);
const read = (prompt: string, style?: ImageGeneratorParamsInput['style']) =>
  readImageRequest(parse({ prompt, ...(style ? { style } : {}) }));
const render = (prompt: string, extra: Partial<ImageGeneratorParamsInput> = {}) =>
  renderGeneratedImage(parse({ prompt, seed: 3, ...extra }), 3, 0);

/** Raw RGB of a horizontal band of a PNG (fractions of the height). */
async function band(png: Buffer, from: number, to: number) {
  const { width, height } = await sharp(png).metadata();
  const top = Math.round(height! * from);
  const { data } = await sharp(png)
    .extract({ left: 0, top, width: width!, height: Math.round(height! * to) - top })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}
const share = (data: Buffer, test: (r: number, g: number, b: number) => boolean) => {
  let hits = 0;
  for (let i = 0; i < data.length; i += 3) if (test(data[i]!, data[i + 1]!, data[i + 2]!)) hits += 1;
  return hits / (data.length / 3);
};
const meanLuminance = (data: Buffer) => {
  let sum = 0;
  for (let i = 0; i < data.length; i += 3) sum += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
  return sum / (data.length / 3);
};
const whiteish = (r: number, g: number, b: number) => Math.min(r, g, b) > 185 && Math.max(r, g, b) - Math.min(r, g, b) < 45;

describe('the image generator says what it will draw, and refuses what it cannot', () => {
  it('reads the prompt into the list the page shows', async () => {
    expect((await read('a red fox in the snow at sunset')).headline).toBe('Will draw: red fox, snow, sunset');
    expect((await read('two cats sleeping on a sofa')).willMake).toEqual(['2 cats sleeping on the sofa', 'room']);
    expect((await read('a house on a hill during a storm, oil painting')).willMake).toEqual([
      'house',
      'mountains',
      'storm',
      'oil painting',
    ]);
    expect((await read('a pencil sketch of a horse')).willMake).toEqual(['horse', 'pencil sketch']);
    expect((await read('blue and gold swirls', 'abstract')).headline).toBe('Will draw: abstract shapes in blue, gold');
  });

  it('refuses a main subject it has no picture of, naming close things it can draw', async () => {
    const reading = await read('a lighthouse on a cliff during a storm, oil painting');
    expect(reading.headline).toBeNull();
    expect(reading.refusal).toEqual({
      message: 'The built-in generator draws no lighthouse; it can draw: tower, house, boat, …',
      missing: 'lighthouse',
      suggestions: ['tower', 'house', 'boat'],
    });
    // A noun that only describes a drawn thing is no main subject; other things it lacks are listed, not refused.
    expect((await read('a cosy little cottage in the forest')).refusal).toBeNull();
    // A noun before another describes it, a place after 'in' is where, and 'a bowl of', 'pixel art of' hold the subject.
    for (const prompt of [
      'a bustling market street in Marrakech',
      'a bowl of fruit on a wooden table',
      'a cup of coffee',
      'pixel art of a spaceship',
    ]) {
      expect((await read(prompt)).refusal, prompt).toBeNull();
    }
    expect((await read('a steampunk airship above the clouds')).refusal?.missing).toBe('airship');
    // A thing that names a shade is a colour: 'sage green' asks for no sage.
    expect((await read('calm geometric shapes in sage green and cream')).refusal).toBeNull();
    const partly = await read('a dog next to a zorblax');
    expect(partly.refusal).toBeNull();
    expect(partly.leftOut).toEqual(['zorblax']);
  });

  it('suggests only things it can draw: compound parts, near spellings, else common subjects', async () => {
    const vocabulary = iconVocabulary();
    expect(closeThings('bulldog')).toContain('dog');
    expect(closeThings('elefant')).toContain('elephant');
    for (const word of ['lighthouse', 'windmill', 'bridge', 'zorblax', 'husky', 'pirate']) {
      const suggestions = closeThings(word);
      expect(suggestions.length).toBeGreaterThanOrEqual(2);
      for (const phrase of suggestions) expect(vocabulary.has(phrase)).toBe(true);
    }
  });

  it('the job refuses what the reading refuses (a hosted provider is never asked this)', async () => {
    const params = parse({ prompt: 'a lighthouse on a cliff during a storm, oil painting' });
    const run = imageGeneratorEngine.run({ params, files: {} }, context());
    await expect(run).rejects.toThrow(EngineInputError);
    await expect(imageGeneratorEngine.run({ params, files: {} }, context())).rejects.toThrow(/draws no lighthouse/);
  });

  it('every pose and surface it knows has its icon in the set', async () => {
    const names = await iconNames();
    for (const icon of [...layableAnimals, ...Object.keys(surfaceTops), 'zzz', 'person-in-bed', 'person-running', 'person-walking']) {
      expect(names.has(icon), icon).toBe(true);
    }
    for (const prompt of ['a woman sitting', 'a man running', 'a woman walking', 'a girl sleeping', 'a man meditating']) {
      const { scene } = await render(prompt);
      expect(scene.subjects[0]!.pose, prompt).toBeDefined();
    }
  });
});

describe('the image generator draws what was asked', () => {
  it('snow covers the ground: the lower third is mostly white, whatever the style', async () => {
    for (const style of ['abstract', 'landscape', 'minimal'] as const) {
      const snow = await render('a red fox in the snow', { style });
      const field = await render('a red fox in a field', { style });
      expect(share(await band(snow.png, 2 / 3, 1), whiteish), style).toBeGreaterThan(0.5);
      expect(share(await band(field.png, 2 / 3, 1), whiteish), style).toBeLessThan(0.1);
    }
  });

  it('a storm darkens the picture and rains on it; the summary says so', async () => {
    const calm = await render('a house on a hill');
    const storm = await render('a house on a hill during a storm');
    expect(meanLuminance(await band(storm.png, 0, 1))).toBeLessThan(meanLuminance(await band(calm.png, 0, 1)) - 40);
    expect(storm.scene.weather).toBe('storm');
    // Rain: pale streaks in the dark sky, which a calm sky of the same scene does not have.
    const rainy = (r: number, g: number, b: number) => r > 120 && b > 120;
    expect(share(await band(storm.png, 0, 0.3), rainy)).toBeGreaterThan(0.01);
    expect(share(await band(storm.png, 0, 0.3), rainy)).toBeLessThan(0.5);
  });

  it('things "on" another are drawn on it, and "sleeping" lies down', async () => {
    const { figures, scene } = await render('two cats sleeping on a sofa');
    const sofa = figures.find((f) => f.icon === 'couch-and-lamp')!;
    const cats = figures.filter((f) => f.icon === 'cat');
    expect(cats).toHaveLength(2);
    for (const cat of cats) {
      expect(cat).toMatchObject({ pose: 'sleeping', lying: true, onTopOf: 'sofa' });
      const feet = cat.y + cat.size * (30 / 32);
      // On the seat: feet between the top of the sofa's back and its legs, inside its width.
      expect(feet).toBeGreaterThan(sofa.y + sofa.size * 0.45);
      expect(feet).toBeLessThan(sofa.y + sofa.size * 0.75);
      expect(cat.x + cat.size / 2).toBeGreaterThan(sofa.x);
      expect(cat.x + cat.size / 2).toBeLessThan(sofa.x + sofa.size);
      // Lying: smaller than the sofa, and nowhere near the floor in front of it.
      expect(cat.size).toBeLessThan(sofa.size * 0.6);
    }
    expect(scene.setting).toBe('room');
  });

  it('an animal the emoji set draws as a face only is drawn whole, in its own colours when the colour is its own', async () => {
    const params = { prompt: 'a red fox in the snow', style: 'landscape', seed: 4 } as const;
    const withFox = await renderGeneratedImage(parse(params), 4, 0);
    const without = await renderGeneratedImage(parse({ ...params, negativePrompt: 'fox' }), 4, 0);
    const fox = withFox.figures[0]!;
    // Body and legs: the lower part of the figure's square, below where the face sits.
    const legs = {
      left: Math.round(fox.x + fox.size * 0.3),
      top: Math.round(fox.y + fox.size * 0.7),
      width: Math.round(fox.size * 0.4),
      height: Math.round(fox.size * 0.2),
    };
    const cut = async (png: Buffer) => (await sharp(png).extract(legs).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;
    const [a, b] = await Promise.all([cut(withFox.png), cut(without.png)]);
    let difference = 0;
    for (let i = 0; i < a.length; i += 1) difference += Math.abs(a[i]! - b[i]!);
    expect(difference / a.length).toBeGreaterThan(30);
    // 'red fox' names a fox: orange, not recoloured crimson.
    const stats = await sharp(a, { raw: { width: legs.width, height: legs.height, channels: 3 } }).stats();
    expect(stats.channels[1]!.mean).toBeGreaterThan(70);
    expect(withFox.scene.subjects[0]).toMatchObject({ colourWord: 'red' });
    expect(withFox.scene.subjects[0]!.colour).toBeUndefined();
  });

  it('style words set the finish: pencil is grey on paper, oil keeps the colours in brush marks', async () => {
    const plain = await render('a horse in a field', { style: 'landscape' });
    const pencil = await render('a pencil sketch of a horse in a field', { style: 'landscape' });
    const oil = await render('an oil painting of a horse in a field', { style: 'landscape' });
    const pencilPixels = await band(pencil.png, 0, 1);
    expect(share(pencilPixels, (r, g, b) => Math.max(r, g, b) - Math.min(r, g, b) < 16)).toBeGreaterThan(0.95);
    expect(meanLuminance(pencilPixels)).toBeGreaterThan(170);
    const [plainStats, oilStats] = await Promise.all([sharp(plain.png).stats(), sharp(oil.png).stats()]);
    for (let c = 0; c < 3; c += 1) expect(Math.abs(oilStats.channels[c]!.mean - plainStats.channels[c]!.mean)).toBeLessThan(15);
    expect(oilStats.sharpness).not.toBeCloseTo(plainStats.sharpness, 1);
  });

  it('a plural is drawn as several: the caption never names flowers over one flower', async () => {
    const { figures, scene } = await render('a garden with flowers', { style: 'watercolor' });
    expect(scene.subjects[0]).toMatchObject({ phrase: 'flowers', count: 3 });
    expect(figures.filter((f) => f.icon === 'blossom')).toHaveLength(3);
  });

  it('the summary claims only what was drawn: its list is the reading the page showed', async () => {
    for (const prompt of [
      'a red fox in the snow at sunset',
      'two cats sleeping on a sofa',
      'a house on a hill during a storm, oil painting',
    ]) {
      const result = await imageGeneratorEngine.run({ params: parse({ prompt, seed: 1 }), files: {} }, context());
      const summary = imageGeneratorSummarySchema.parse(result.summary);
      expect(summary.drawn).toEqual((await read(prompt)).willMake);
    }
  });
});
