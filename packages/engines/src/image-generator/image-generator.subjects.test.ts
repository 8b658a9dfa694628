import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageGeneratorParamsSchema, imageGeneratorSummarySchema } from '@lumen/core/services/image-generator-params';
import type { ImageGeneratorParamsInput, ImageGeneratorSummary } from '@lumen/core/services/image-generator-params';
import type { EngineContext } from '../engine.ts';
import { iconNames } from './icon-set.ts';
import { iconVocabulary } from './icon-vocabulary.ts';
import { aspectRatioSizes, imageGeneratorBuiltinLabel, imageGeneratorEngine, renderGeneratedImage } from './image-generator.engine.ts';
import type { PlacedFigure } from './lay-out-subjects.ts';

const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });
const parse = (input: ImageGeneratorParamsInput) => imageGeneratorParamsSchema.parse(input);
const generate = async (input: ImageGeneratorParamsInput) => {
  const result = await imageGeneratorEngine.run({ params: parse(input), files: {} }, context());
  // The summary the job stores must match the shape @lumen/core publishes for it.
  return { ...result, summary: imageGeneratorSummarySchema.parse(result.summary) };
};
const iconsOf = (summary: ImageGeneratorSummary) => summary.scene.subjects.map((s) => s.icon.replace('fluent-emoji-flat:', ''));

/** Mean RGB of a region of a PNG, and its pixels for comparing with another render. */
async function region(png: Buffer, box: { left: number; top: number; width: number; height: number }) {
  const { data } = await sharp(png).extract(box).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const mean = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) for (let c = 0; c < 3; c += 1) mean[c]! += data[i + c]!;
  return { data, mean: mean.map((sum) => sum / (data.length / 3)) as [number, number, number] };
}
const boxOf = (figure: PlacedFigure) => {
  // The middle of the figure's square, where the drawing is (the icons are padded).
  const inset = figure.size * 0.25;
  return {
    left: Math.round(figure.x + inset),
    top: Math.round(figure.y + inset),
    width: Math.round(figure.size / 2),
    height: Math.round(figure.size / 2),
  };
};
const meanDifference = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

describe('image-generator draws what the prompt names', () => {
  it('maps hundreds of nouns to icons the emoji set really holds', async () => {
    const vocabulary = iconVocabulary();
    const names = await iconNames();
    const icons = new Set([...vocabulary.values()].map((entry) => entry.icon));
    expect(vocabulary.size).toBeGreaterThan(600);
    expect(icons.size).toBeGreaterThan(400);
    expect([...icons].filter((icon) => !names.has(icon))).toEqual([]);
  });

  // 20 prompts naming a known subject: the engine's scene description lists the subject's icon.
  const cases: [prompt: string, icon: string, extra?: Partial<{ count: number; colour: string; setting: string; timeOfDay: string }>][] = [
    ['a red fox in the snow at sunset', 'fox', { colour: 'red', setting: 'snow', timeOfDay: 'sunset' }],
    ['three cats sleeping in the garden', 'cat', { count: 3, setting: 'meadow' }],
    ['two puppies playing on the beach', 'dog', { count: 2, setting: 'beach' }],
    ['an elephant in the desert at noon', 'elephant', { setting: 'desert', timeOfDay: 'noon' }],
    ['penguins on the ice', 'penguin', { count: 3, setting: 'snow' }],
    ['a pizza on the kitchen table', 'pizza', { setting: 'room' }],
    ['a sailboat on the ocean at dawn', 'sailboat', { setting: 'ocean', timeOfDay: 'sunrise' }],
    ['an airplane over the city at night', 'airplane', { setting: 'city', timeOfDay: 'night' }],
    ['a cosy little cottage in the forest', 'house', { setting: 'forest' }],
    ['a big oak tree on a hill', 'deciduous-tree', { setting: 'mountains' }],
    ['an astronaut floating in outer space', 'astronaut', { setting: 'space' }],
    ['a white horse galloping', 'horse', { colour: 'white' }],
    ['a blue butterfly', 'butterfly', { colour: 'blue' }],
    ['a rocket launching at dusk', 'rocket', { timeOfDay: 'dusk' }],
    ['a T-rex in the jungle', 't-rex', { setting: 'forest' }],
    ['ice cream in the afternoon', 'ice-cream', { timeOfDay: 'afternoon' }],
    ['a snowman in winter', 'snowman', { setting: 'snow' }],
    ['a bicycle in the street', 'bicycle', { setting: 'city' }],
    ['a whale in the sea', 'whale', { setting: 'ocean' }],
    ['a polar bear and her cubs', 'polar-bear'],
  ];
  it.each(cases)('"%s" draws %s', async (prompt, icon, extra) => {
    const { summary, files } = await generate({ prompt, style: 'minimal', aspectRatio: '16:9', seed: 11 });
    expect(files).toHaveLength(1);
    expect(iconsOf(summary)).toContain(icon);
    const subject = summary.scene.subjects.find((s) => s.icon === `fluent-emoji-flat:${icon}`)!;
    if (extra?.count) expect(subject.count).toBe(extra.count);
    if (extra?.colour) expect(subject.colour).toBe(extra.colour);
    if (extra?.setting) expect(summary.scene.setting).toBe(extra.setting);
    if (extra?.timeOfDay) expect(summary.scene.timeOfDay).toBe(extra.timeOfDay);
    expect(summary.scene.style).toBe('minimal');
  });

  it('really paints the subject: its region differs from the same picture without it', async () => {
    const params = { prompt: 'a fox in the snow', style: 'landscape', seed: 4 } as const;
    const withFox = await renderGeneratedImage(parse(params), 4, 0);
    const withoutFox = await renderGeneratedImage(parse({ ...params, negativePrompt: 'fox' }), 4, 0);
    expect(withFox.figures.map((f) => f.icon)).toEqual(['fox']);
    expect(withoutFox.figures).toEqual([]);
    const box = boxOf(withFox.figures[0]!);
    const inside = meanDifference((await region(withFox.png, box)).data, (await region(withoutFox.png, box)).data);
    const sky = { left: 0, top: 0, width: 1024, height: 60 };
    const outside = meanDifference((await region(withFox.png, sky)).data, (await region(withoutFox.png, sky)).data);
    expect(inside).toBeGreaterThan(30);
    expect(outside).toBeLessThan(1);
  });

  it('colours the subject from the colour word before it', async () => {
    const render = (prompt: string) => renderGeneratedImage(parse({ prompt, style: 'minimal', seed: 9 }), 9, 0);
    const [red, blue] = await Promise.all([render('a red car'), render('a blue car')]);
    const redCar = (await region(red.png, boxOf(red.figures[0]!))).mean;
    const blueCar = (await region(blue.png, boxOf(blue.figures[0]!))).mean;
    expect(redCar[0]).toBeGreaterThan(redCar[2] + 40);
    expect(blueCar[2]).toBeGreaterThan(blueCar[0] + 40);
  });

  it('lists the nouns it cannot draw, and stays labelled as the offline engine', async () => {
    const { summary } = await generate({ prompt: 'a dog next to a zorblax and a quokka', style: 'minimal', seed: 2 });
    expect(iconsOf(summary)).toEqual(['dog']);
    expect(summary.notDrawn).toEqual(expect.arrayContaining(['zorblax', 'quokka']));
    expect(summary.notDrawn).not.toContain('dog');
    expect(summary.engine).toBe(imageGeneratorBuiltinLabel);
    expect(imageGeneratorEngine.kind).toBe('builtin');
    expect(imageGeneratorBuiltinLabel).toMatch(/offline/);
  });

  it('leaves out what the negative prompt names, synonyms and plurals included', async () => {
    const { summary } = await generate({
      prompt: 'a cat and a puppy at sunset',
      negativePrompt: 'dogs, sunset',
      style: 'minimal',
      seed: 3,
    });
    expect(iconsOf(summary)).toEqual(['cat']);
    expect(summary.scene.timeOfDay).not.toBe('sunset');
  });

  it('arranges several subjects side by side, a horse larger than a cat', async () => {
    const { figures, width, height } = await renderGeneratedImage(
      parse({ prompt: 'a cat, a dog and a horse in a field', style: 'landscape', seed: 5 }),
      5,
      0,
    );
    expect(figures.map((f) => f.icon).sort()).toEqual(['cat', 'dog', 'horse']);
    for (const f of figures) {
      expect(f.x).toBeGreaterThanOrEqual(0);
      expect(f.x + f.size).toBeLessThanOrEqual(width + 1);
      expect(f.y + f.size).toBeLessThanOrEqual(height + 1);
    }
    const centres = figures.map((f) => f.x + f.size / 2).sort((a, b) => a - b);
    expect(centres[1]! - centres[0]!).toBeGreaterThan(width * 0.15);
    expect(centres[2]! - centres[1]!).toBeGreaterThan(width * 0.15);
    const size = (icon: string) => figures.find((f) => f.icon === icon)!.size;
    expect(size('horse')).toBeGreaterThan(size('cat'));
  });

  it('honours aspect ratio and count: each image its own arrangement of the same subjects', async () => {
    const input = { prompt: 'two rabbits in a meadow', style: 'landscape', aspectRatio: '9:16', numberOfImages: 3, seed: 8 } as const;
    const result = await generate(input);
    expect(result.files).toHaveLength(3);
    for (const file of result.files) {
      const metadata = await sharp(file.data).metadata();
      expect({ width: metadata.width, height: metadata.height }).toEqual(aspectRatioSizes['9:16']);
    }
    expect(new Set(result.files.map((f) => f.data.toString('base64'))).size).toBe(3);
    const layouts = await Promise.all([0, 1, 2].map((index) => renderGeneratedImage(parse(input), 8, index)));
    for (const { figures } of layouts) expect(figures.map((f) => f.icon)).toEqual(['rabbit', 'rabbit']);
    const positions = layouts.map(({ figures }) => figures.map((f) => `${Math.round(f.x)},${Math.round(f.y)}`).join(' '));
    expect(new Set(positions).size).toBe(3);
  });
});
