import sharp from 'sharp';
import type { VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import { likenessConsentMessage } from '@lumen/core/services/virtual-try-on-params';
import { EngineInputError } from '../engine.ts';
import type { Engine } from '../engine.ts';
import { builtinLabels } from '../builtin-labels.ts';
import { makeImagePreview } from '../ai-background/image-preview.ts';
import { readImageInput } from '../ai-background/read-image-input.ts';
import { refineAlpha, subjectCoverage } from '../ai-background/refine-alpha.ts';
import { segmentSubject } from '../ai-background/segment-subject.ts';
import { bodyFrame, placementFor } from './body-frame.ts';
import type { BodyFrame } from './body-frame.ts';
import type { AlphaMask } from '../ai-background/segment-subject.ts';
import { fitGarment, growMask } from './fit-garment.ts';
import { cutOutGarment } from './garment-cutout.ts';
import { dressLegs, legsLayout } from './dress-legs.ts';
import { dressUpperBody } from './dress-upper-body.ts';
import { garmentLayout } from './garment-layout.ts';
import { personOnly } from './person-mask.ts';
import { hairMask } from './hair-mask.ts';
import { occlusionMask } from './occlusion-mask.ts';
import { detectPerson } from './person-pose.ts';

export const virtualTryOnBuiltinLabel = builtinLabels['virtual-try-on'];

/**
 * Where a dress may lie: on the person (grown a little) down to the hips; below them anywhere but on someone else, so
 * a skirt hangs across the gap between the legs instead of being cut to each leg.
 */
function skirtClip(silhouette: AlphaMask, personMask: AlphaMask, frame: BodyFrame, margin: number): AlphaMask {
  const { width, height } = personMask;
  const grown = growMask(personMask, margin);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const along = (x - frame.origin.x) * frame.down.x + (y - frame.origin.y) * frame.down.y;
      const someoneElse = silhouette.data[i]! >= 128 && personMask.data[i]! < 128;
      data[i] = along < frame.hips ? grown[i]! : someoneElse ? 0 : 255;
    }
  }
  return { data, width, height };
}

export const noPersonMessage =
  'We could not find a person in this photo. Use a photo of one person facing the camera, with the head and both shoulders in view.';

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Dresses the person in the garment without a generative model: a pose model finds the person's
 * shoulders, elbows, wrists, hips, knees, ankles and face and a segmentation model their silhouette
 * (only the person being dressed is kept). The garment, cut out of its photo with the
 * background-removal model, is warped to the pose: for tops and outerwear its body over the torso
 * and its sleeves along the arms (to the wrists or the upper arm, as long as the garment's own); for
 * dresses and bottoms framed by the torso and legs. It is clipped to the person, kept behind the
 * face, hands and bare forearms, and shaded by the photo's light. The result has the photo's size.
 */
export const virtualTryOnEngine: Engine<VirtualTryOnParams> = {
  service: 'virtual-try-on',
  kind: 'builtin',
  label: virtualTryOnBuiltinLabel,
  async run({ params, files }, { signal, onProgress }) {
    if ((params.consentToLikeness as unknown) !== true) throw new EngineInputError(likenessConsentMessage);
    const person = await readImageInput(files.person, 'person photo');
    const garmentImage = await readImageInput(files.garment, 'garment photo', { longSide: 1024 });
    onProgress(0.05);
    const pose = await detectPerson(person);
    if (!pose) throw new EngineInputError(noPersonMessage);
    signal.throwIfAborted();
    onProgress(0.4);
    const garmentMask = refineAlpha(await segmentSubject(garmentImage));
    signal.throwIfAborted();
    onProgress(0.7);
    const garment = subjectCoverage(garmentMask) >= 0.01 ? cutOutGarment(garmentImage, garmentMask) : null;
    if (!garment) throw new EngineInputError('No garment was found in the garment photo; use one on a plain background');
    const frame = bodyFrame(pose);
    const k = pose.keypoints;
    const hips = [k.leftHip, k.rightHip].filter((p) => p !== undefined);
    const shoulders = { x: (k.leftShoulder!.x + k.rightShoulder!.x) / 2, y: (k.leftShoulder!.y + k.rightShoulder!.y) / 2 };
    const torsoMiddle = hips.length
      ? {
          x: (shoulders.x + hips.reduce((s, p) => s + p.x, 0) / hips.length) / 2,
          y: (shoulders.y + hips.reduce((s, p) => s + p.y, 0) / hips.length) / 2,
        }
      : { x: shoulders.x, y: shoulders.y + frame.width * 0.5 };
    // Only the person being dressed: others in the photo are left as they are.
    const personMask = personOnly(pose.silhouette, torsoMiddle, frame.width * 0.5);
    // Hair falling over the shoulders and chest stays in front of a top, a jacket or a dress.
    const hair = hairMask(person, pose, personMask);
    const greyscale = sharp(person.data, { raw: { width: person.width, height: person.height, channels: 3 } }).greyscale();
    const blurred = async (sigma: number) => {
      const data = await greyscale.clone().blur(Math.max(0.3, sigma)).extractChannel(0).raw().toBuffer();
      return Float32Array.from(data);
    };
    const light = async () => ({ fine: await blurred(frame.width * 0.015), broad: await blurred(frame.width * 0.2) });
    const fitted = async (): Promise<{ pixels: Buffer; outline: { x: number; y: number }[]; sleeves?: string }> => {
      if (params.category === 'top' || params.category === 'outerwear') {
        const layout = garmentLayout(garment);
        return dressUpperBody({ person, pose, personMask, light: await light(), garment, layout, category: params.category, hair });
      }
      // Trousers and shorts leg by leg; a skirt (no crotch) or a photo without hips as one piece.
      const trousers = params.category === 'bottom' ? legsLayout(garment) : null;
      const legs = trousers ? dressLegs({ person, pose, personMask, light: await light(), garment, layout: trousers }) : null;
      if (legs) return legs;
      const shade = await greyscale.clone().blur(2).extractChannel(0).raw().toBuffer();
      const placement = placementFor(params.category, frame);
      const framed = fitGarment({
        person,
        shade: new Uint8Array(shade.buffer, shade.byteOffset, shade.length),
        silhouette: params.category === 'dress' ? skirtClip(pose.silhouette, personMask, frame, placement.margin) : personMask,
        frame,
        placement: params.category === 'dress' ? { ...placement, margin: 0 } : placement,
        garment,
        occlusion: occlusionMask({ ...pose, silhouette: personMask }, frame, hair),
      });
      return { pixels: framed.pixels, outline: framed.quad };
    };
    const { pixels, outline, sleeves } = await fitted();
    const png = await sharp(pixels, { raw: { width: person.width, height: person.height, channels: 3 } })
      .png({ compressionLevel: 6 })
      .toBuffer();
    const name = `try-on-${params.category}.png`;
    onProgress(1);
    const point = (name: keyof typeof pose.keypoints) => {
      const p = pose.keypoints[name];
      return p ? [round(p.x), round(p.y)] : null;
    };
    return {
      files: [{ name, contentType: 'image/png', kind: 'image', data: png, preview: await makeImagePreview(png, name) }],
      summary: {
        category: params.category,
        width: person.width,
        height: person.height,
        pose: {
          leftShoulder: point('leftShoulder'),
          rightShoulder: point('rightShoulder'),
          leftHip: point('leftHip'),
          rightHip: point('rightHip'),
          leftKnee: point('leftKnee'),
          rightKnee: point('rightKnee'),
          leftAnkle: point('leftAnkle'),
          rightAnkle: point('rightAnkle'),
          faceBox: pose.faceBox.map(round),
          faceFrom: pose.faceFrom,
        },
        garmentOutline: outline.map((p) => [round(p.x), round(p.y)]),
        ...(sleeves ? { sleeves } : {}),
        engine: virtualTryOnBuiltinLabel,
      },
    };
  },
};
