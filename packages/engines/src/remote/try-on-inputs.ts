import type { GarmentCategory, VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import { garmentCategoryNames, likenessConsentMessage } from '@lumen/core/services/virtual-try-on-params';
import { EngineInputError } from '../engine.ts';
import type { EngineFile } from '../engine.ts';
import { imageDataUrl } from './remote-image.ts';

/** Checks consent and both photos before any provider is called; returns them as JPEG data URLs. */
export async function tryOnPhotos(
  params: VirtualTryOnParams,
  files: Record<string, EngineFile>,
): Promise<{ person: string; garment: string }> {
  if ((params.consentToLikeness as unknown) !== true) throw new EngineInputError(likenessConsentMessage);
  const person = await imageDataUrl(files.person, 'person photo');
  const garment = await imageDataUrl(files.garment, 'garment photo');
  return { person: person.url, garment: garment.url };
}

/** FASHN's garment categories. */
const fashnCategory: Record<GarmentCategory, 'tops' | 'bottoms' | 'one-pieces'> = {
  top: 'tops',
  outerwear: 'tops',
  bottom: 'bottoms',
  dress: 'one-pieces',
};

/** FASHN try-on inputs, the same on FASHN's own API and on fal. */
export function fashnInputs(params: VirtualTryOnParams, photos: { person: string; garment: string }): Record<string, unknown> {
  return {
    model_image: photos.person,
    garment_image: photos.garment,
    category: fashnCategory[params.category],
    mode: 'balanced',
    garment_photo_type: 'auto',
    output_format: 'png',
  };
}

/** IDM-VTON's garment categories. */
const vtonCategory: Record<GarmentCategory, 'upper_body' | 'lower_body' | 'dresses'> = {
  top: 'upper_body',
  outerwear: 'upper_body',
  bottom: 'lower_body',
  dress: 'dresses',
};

/** IDM-VTON's inputs (human_img, garm_img, garment_des, category), for models of that family. */
export function idmVtonInputs(params: VirtualTryOnParams, photos: { person: string; garment: string }): Record<string, unknown> {
  return {
    human_img: photos.person,
    garm_img: photos.garment,
    garment_des: garmentCategoryNames[params.category].toLowerCase(),
    category: vtonCategory[params.category],
  };
}

/** An instruction for a multi-image editing model: the garment of the second picture on the person of the first. */
export function tryOnEditPrompt(params: VirtualTryOnParams): string {
  const garment = garmentCategoryNames[params.category].toLowerCase();
  return [
    `Dress the person in the first image in the ${garment} shown in the second image, with its exact colours, fabric, pattern, print and fit.`,
    `Keep the person's face, hair, body shape, pose, skin, the background and the lighting exactly as they are; change only the ${garment}.`,
    'Photorealistic result, same framing as the first image.',
  ].join(' ');
}
