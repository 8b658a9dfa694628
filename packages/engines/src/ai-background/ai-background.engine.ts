import sharp from 'sharp';
import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import { EngineInputError } from '../engine.ts';
import type { Engine, EngineFile, EngineResultFile } from '../engine.ts';
import { builtinLabels } from '../builtin-labels.ts';
import { blendOver, defaultPresetDirectory, renderBackground } from './compose-background.ts';
import type { BackgroundChoice } from './compose-background.ts';
import { makeImagePreview } from './image-preview.ts';
import { readImageInput } from './read-image-input.ts';
import { refineAlpha, subjectCoverage } from './refine-alpha.ts';
import { segmentSubject } from './segment-subject.ts';
import { addContactShadow, floorLineFor, standOf } from './studio-stage.ts';
import type { Stand } from './studio-stage.ts';

export const aiBackgroundBuiltinLabel = builtinLabels['ai-background'];

/** Less solid subject than this share of the picture means nothing was found to cut out. */
const minSubjectCoverage = 0.002;

function backgroundChoice(params: AiBackgroundParams, files: Record<string, EngineFile>, presetDirectory: string): BackgroundChoice | null {
  switch (params.mode) {
    case 'transparent':
      return null;
    case 'color':
      if (!params.color) throw new EngineInputError('Choose a background colour');
      return { kind: 'color', color: params.color };
    case 'preset':
      if (params.preset === undefined) throw new EngineInputError('Choose one of the backgrounds');
      return { kind: 'preset', preset: params.preset, directory: presetDirectory };
    case 'upload':
      return { kind: 'upload', file: files.background };
  }
}

/**
 * Removes the photo's background with U²-Netp (salient-object segmentation, ONNX, shipped in an npm
 * package) and returns the transparent cut-out, plus the subject on a colour, one of the product's
 * studio backdrops (stood on its floor or table top, with a soft contact shadow) or an uploaded picture.
 */
export function createAiBackgroundEngine(options: { presetDirectory?: string } = {}): Engine<AiBackgroundParams> {
  const presetDirectory = options.presetDirectory ?? defaultPresetDirectory;
  return {
    service: 'ai-background',
    kind: 'builtin',
    label: aiBackgroundBuiltinLabel,
    async run({ params, files }, { signal, onProgress }) {
      const choice = backgroundChoice(params, files, presetDirectory);
      const image = await readImageInput(files.image, 'photo');
      // A colour or an uploaded picture is read first (a bad upload fails before the model runs); a studio
      // backdrop is cut once the subject is found, to stand it on the surface.
      const early = choice && choice.kind !== 'preset' ? await renderBackground(choice, image.width, image.height) : null;
      signal.throwIfAborted();
      onProgress(0.1);
      const mask = refineAlpha(await segmentSubject(image));
      signal.throwIfAborted();
      onProgress(0.7);
      const coverage = subjectCoverage(mask);
      if (coverage < minSubjectCoverage) {
        throw new EngineInputError('No clear subject was found in the photo; try one with a distinct person or product');
      }
      const { width, height } = image;
      let background = early;
      let stand: Stand | null = null;
      if (choice?.kind === 'preset') {
        stand = standOf(mask);
        background = await renderBackground(choice, width, height, floorLineFor(stand, height));
        if (stand) addContactShadow(background, width, height, stand);
      }
      const rgba = Buffer.alloc(width * height * 4);
      for (let i = 0; i < mask.data.length; i += 1) {
        rgba[i * 4] = image.data[i * 3]!;
        rgba[i * 4 + 1] = image.data[i * 3 + 1]!;
        rgba[i * 4 + 2] = image.data[i * 3 + 2]!;
        rgba[i * 4 + 3] = mask.data[i]!;
      }
      const cutout = await sharp(rgba, { raw: { width, height, channels: 4 } })
        .png({ compressionLevel: 6 })
        .toBuffer();
      const outputs: EngineResultFile[] = [];
      if (background) {
        const composite = await sharp(blendOver(image.data, mask.data, background), { raw: { width, height, channels: 3 } })
          .png({ compressionLevel: 6 })
          .toBuffer();
        const name = `background-${params.mode}.png`;
        outputs.push({ name, contentType: 'image/png', kind: 'image', data: composite, preview: await makeImagePreview(composite, name) });
      }
      const cutoutName = 'background-removed.png';
      outputs.push({
        name: cutoutName,
        contentType: 'image/png',
        kind: 'image',
        data: cutout,
        preview: await makeImagePreview(cutout, cutoutName),
      });
      onProgress(1);
      return {
        files: outputs,
        summary: {
          mode: params.mode,
          width,
          height,
          subjectCoverage: Math.round(coverage * 1000) / 1000,
          ...(stand && !stand.touchesBottom ? { standsAt: { x: Math.round(stand.centreX), y: stand.footY } } : {}),
          engine: aiBackgroundBuiltinLabel,
        },
      };
    },
  };
}

export const aiBackgroundEngine = createAiBackgroundEngine();
