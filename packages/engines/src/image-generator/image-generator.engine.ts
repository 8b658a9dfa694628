import sharp from 'sharp';
import type { ImageAspectRatio, ImageGeneratorParams, ImageGeneratorSummary } from '@lumen/core/services/image-generator-params';
import { EngineInputError } from '../engine.ts';
import type { Engine, EngineResultFile } from '../engine.ts';
import { builtinLabels } from '../builtin-labels.ts';
import { makeImagePreview } from '../ai-background/image-preview.ts';
import { composeScene } from './compose-scene.ts';
import { loadIcons } from './icon-set.ts';
import { readPrompt } from './read-prompt.ts';
import type { SceneReading } from './read-scene.ts';
import { finishFor, readImageRequest, readImageScene, sceneItems } from './read-request.ts';
import type { PlacedFigure } from './lay-out-subjects.ts';
import { applyFinish } from './picture-finish.ts';
import { hashString, seededRandom } from './seeded-random.ts';

export const imageGeneratorBuiltinLabel = builtinLabels['image-generator'];

/** What the engine drew, as the job summary reports it. */
function describeScene(scene: SceneReading, style: ImageGeneratorParams['style']): ImageGeneratorSummary['scene'] {
  return {
    subjects: scene.subjects.map(({ phrase, icon, count, colourWord, pose, on }) => ({
      phrase,
      icon: `fluent-emoji-flat:${icon}`,
      count,
      ...(colourWord ? { colour: colourWord } : {}),
      ...(pose ? { pose } : {}),
      ...(on !== undefined && scene.subjects[on] ? { on: scene.subjects[on].phrase } : {}),
    })),
    setting: scene.setting,
    timeOfDay: scene.timeOfDay,
    ...(scene.weather ? { weather: scene.weather } : {}),
    ...(finishFor(scene, style) ? { finish: finishFor(scene, style) } : {}),
    style,
  };
}

/**
 * The subjects the picture really holds, counted from the figures the layout placed: a subject with no
 * figure is moved to notDrawn and one with fewer figures than asked is counted as drawn, so the summary
 * claims only what is there.
 */
export function checkDrawn(scene: SceneReading, figures: PlacedFigure[]): SceneReading {
  const placedOf = (s: SceneReading['subjects'][number]) => figures.filter((f) => f.icon === s.icon && f.phrase === s.phrase).length;
  const missing = scene.subjects.filter((s) => placedOf(s) === 0);
  const counted = scene.subjects.map((s) => (placedOf(s) > 0 && placedOf(s) < s.count ? { ...s, count: placedOf(s) } : s));
  if (missing.length === 0 && counted.every((s, i) => s === scene.subjects[i])) return scene;
  const kept = counted.filter((_, i) => !missing.includes(scene.subjects[i]!));
  const indexOf = (original: number) => kept.indexOf(counted[original]!);
  return {
    ...scene,
    subjects: kept.map((s) =>
      s.on === undefined ? s : missing.includes(scene.subjects[s.on]!) ? { ...s, on: undefined } : { ...s, on: indexOf(s.on) },
    ),
    notDrawn: [...scene.notDrawn, ...missing.map((s) => s.phrase)],
  };
}

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

/**
 * One picture laid out, not yet rendered: prompt + seed + index → palette, subjects and setting → SVG, the
 * figures placed and the scene they really show (`checkDrawn`).
 */
export async function composeGeneratedImage(params: ImageGeneratorParams, seed: number, index: number) {
  const { width, height } = aspectRatioSizes[params.aspectRatio];
  const imageSeed = hashString(`${params.prompt.trim().toLowerCase()}|${params.style}|${seed}|${index}`);
  const random = seededRandom(imageSeed);
  const reading = readPrompt(params.prompt, params.negativePrompt, random);
  const read = await readImageScene(params);
  const sleeping = read.subjects.some((s) => s.pose === 'sleeping');
  const icons = await loadIcons(new Set([...read.subjects.map((s) => s.icon), ...(sleeping ? ['zzz'] : [])]));
  const canvas = { width, height, reading, scene: read, icons, random, seed: imageSeed };
  const { svg, figures } = composeScene(params.style, canvas);
  return { svg, figures, reading, read, scene: checkDrawn(read, figures), imageSeed };
}

/** One picture: the composed SVG → sharp → finish → grain → PNG. */
export async function renderGeneratedImage(params: ImageGeneratorParams, seed: number, index: number) {
  const { svg, figures, reading, read, scene, imageSeed } = await composeGeneratedImage(params, seed, index);
  const rendered = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { info } = rendered;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const finish = finishFor(read, params.style);
  const data = finish ? await applyFinish(finish, rendered.data, raw, imageSeed) : rendered.data;
  addGrain(data, info.channels, imageSeed ^ 0x9e3779b9, params.style === 'minimal' || finish === 'pencil' ? 5 : 9);
  const png = await sharp(data, { raw }).png({ compressionLevel: 6 }).toBuffer();
  return { png, reading, scene, figures, width: info.width, height: info.height };
}

/**
 * Turns the prompt into pictures without any model: nouns with an icon in the vocabulary become
 * figures (coloured by the colour word before them, as many as the prompt asks), setting and time of day
 * words the backdrop and light, colour and mood words the palette, the style the composition; the
 * negative prompt removes what it names. Nouns it has no icon for are listed in the summary as not drawn.
 * The same prompt, style and seed always give the same images.
 */
export const imageGeneratorEngine: Engine<ImageGeneratorParams> = {
  service: 'image-generator',
  kind: 'builtin',
  label: imageGeneratorBuiltinLabel,
  read: readImageRequest,
  async run({ params }, { signal, onProgress }) {
    // The same reading the page showed and the submission checked: a request it cannot draw is not drawn.
    const request = await readImageRequest(params);
    if (request.refusal) throw new EngineInputError(request.refusal.message);
    const { main } = await readImageScene(params);
    const seed = params.seed ?? hashString(params.prompt.trim().toLowerCase()) % 2 ** 31;
    const files: EngineResultFile[] = [];
    let summary: ImageGeneratorSummary | undefined;
    for (let index = 0; index < params.numberOfImages; index += 1) {
      signal.throwIfAborted();
      const { png, reading, scene } = await renderGeneratedImage(params, seed, index);
      // A picture that lost the subject it was asked for is not charged for: the job fails and is refunded.
      if (main && !scene.subjects.some((s) => s.phrase === main.phrase)) {
        throw new EngineInputError(`The built-in generator could not fit the ${main.phrase} into the picture; your credits were refunded.`);
      }
      // Every image of a count reads the same prompt; only the arrangement differs.
      summary ??= {
        seed,
        style: params.style,
        aspectRatio: params.aspectRatio,
        understood: reading.understood,
        palette: reading.palette,
        scene: describeScene(scene, params.style),
        drawn: sceneItems(scene, finishFor(scene, params.style)),
        notDrawn: scene.notDrawn,
        engine: imageGeneratorBuiltinLabel,
      };
      const name = `generated-${index + 1}.png`;
      files.push({ name, contentType: 'image/png', kind: 'image', data: png, preview: await makeImagePreview(png, name) });
      onProgress((index + 1) / params.numberOfImages);
    }
    return { files, summary };
  },
};
