import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import { EngineInputError } from '../engine.ts';
import type { EngineFile, EngineResultFile } from '../engine.ts';
import { renderBackground } from '../ai-background/compose-background.ts';
import type { BackgroundChoice } from '../ai-background/compose-background.ts';
import { makeImagePreview } from '../ai-background/image-preview.ts';

/** What goes behind the subject, checked before any provider is called; null for 'transparent'. */
export function backgroundChoice(
  params: AiBackgroundParams,
  files: Record<string, EngineFile>,
  directory: string,
): BackgroundChoice | null {
  if (params.mode === 'color') {
    if (!params.color) throw new EngineInputError('Choose a background colour');
    return { kind: 'color', color: params.color };
  }
  if (params.mode === 'preset') {
    if (params.preset === undefined) throw new EngineInputError('Choose one of the backgrounds');
    return { kind: 'preset', preset: params.preset, directory };
  }
  if (params.mode === 'upload') return { kind: 'upload', file: files.background };
  return null;
}

/** A result PNG with the usual watermarked preview. */
async function pngResult(data: Buffer, name: string): Promise<EngineResultFile> {
  return { kind: 'image', name, contentType: 'image/png', data, preview: await makeImagePreview(data, name) };
}

/** The cut-out (with alpha) laid on the chosen background, at the cut-out's size, as `background-<mode>.png`. */
export async function composeOnBackground(cutout: Buffer, choice: BackgroundChoice, mode: string): Promise<EngineResultFile> {
  const { default: sharp } = await import('sharp');
  const { width, height } = await sharp(cutout).metadata();
  const background = await renderBackground(choice, width, height);
  const composite = await sharp(background, { raw: { width, height, channels: 3 } })
    .composite([{ input: await sharp(cutout).ensureAlpha().png().toBuffer() }])
    .png({ compressionLevel: 6 })
    .toBuffer();
  return pngResult(composite, `background-${mode}.png`);
}

/** The picture a background choice stands for, as a PNG upload for providers that take one. */
export async function backgroundPicture(choice: BackgroundChoice, width: number, height: number): Promise<EngineFile> {
  const { default: sharp } = await import('sharp');
  const data = await sharp(await renderBackground(choice, width, height), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { name: 'background.png', contentType: 'image/png', data };
}
