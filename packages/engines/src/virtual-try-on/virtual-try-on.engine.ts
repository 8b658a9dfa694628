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
import { fitGarment } from './fit-garment.ts';
import { cutOutGarment } from './garment-cutout.ts';
import { occlusionMask } from './occlusion-mask.ts';
import { detectPerson } from './person-pose.ts';

export const virtualTryOnBuiltinLabel = builtinLabels['virtual-try-on'];

export const noPersonMessage =
  'We could not find a person in this photo. Use a photo of one person facing the camera, with the head and both shoulders in view.';

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Dresses the person in the garment without a generative model: a pose model finds the person's
 * shoulders, hips, knees, ankles, arms and face and a segmentation model their silhouette; the
 * garment, cut out of its photo with the background-removal model, is scaled and turned to the
 * torso, clipped to the body, kept behind the face, forearms and hands, shaded by the person's
 * light and blended with soft edges.
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
    const shade = await sharp(person.data, { raw: { width: person.width, height: person.height, channels: 3 } })
      .greyscale()
      .blur(2)
      .extractChannel(0)
      .raw()
      .toBuffer();
    const frame = bodyFrame(pose);
    const placement = placementFor(params.category, frame);
    const { pixels, quad } = fitGarment({
      person,
      shade: new Uint8Array(shade.buffer, shade.byteOffset, shade.length),
      silhouette: pose.silhouette,
      frame,
      placement,
      garment,
      occlusion: occlusionMask(pose, frame),
    });
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
        garmentOutline: quad.map((p) => [round(p.x), round(p.y)]),
        engine: virtualTryOnBuiltinLabel,
      },
    };
  },
};
