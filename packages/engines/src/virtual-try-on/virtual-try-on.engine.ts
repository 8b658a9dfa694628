import sharp from 'sharp';
import type { VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import { likenessConsentMessage } from '@lumen/core/services/virtual-try-on-params';
import { EngineInputError } from '../engine.ts';
import type { Engine } from '../engine.ts';
import { makeImagePreview } from '../ai-background/image-preview.ts';
import { readImageInput } from '../ai-background/read-image-input.ts';
import { refineAlpha, subjectCoverage } from '../ai-background/refine-alpha.ts';
import { segmentSubject } from '../ai-background/segment-subject.ts';
import { findBodyLandmarks } from './body-landmarks.ts';
import { fitGarment, placementFor } from './fit-garment.ts';
import { cutOutGarment } from './garment-cutout.ts';

export const virtualTryOnBuiltinLabel = 'Built-in try-on (cut-out garment warped to the body, runs offline)';

/**
 * Dresses the person in the garment without a generative model: both photos are segmented with the
 * background-removal model, shoulders, hips, knees and ankles are estimated from the person's
 * silhouette, and the cut-out garment is warped to the region its category covers, shaded by the
 * person's light and blended with soft edges.
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
    const personMask = refineAlpha(await segmentSubject(person));
    signal.throwIfAborted();
    onProgress(0.4);
    const garmentMask = refineAlpha(await segmentSubject(garmentImage));
    signal.throwIfAborted();
    onProgress(0.7);
    const body = subjectCoverage(personMask) >= 0.02 ? findBodyLandmarks(personMask) : null;
    if (!body) throw new EngineInputError('No person was found in the person photo; use a clear, front-facing photo');
    const garment = subjectCoverage(garmentMask) >= 0.01 ? cutOutGarment(garmentImage, garmentMask) : null;
    if (!garment) throw new EngineInputError('No garment was found in the garment photo; use one on a plain background');
    const shade = await sharp(person.data, { raw: { width: person.width, height: person.height, channels: 3 } })
      .greyscale()
      .blur(2)
      .extractChannel(0)
      .raw()
      .toBuffer();
    const placement = placementFor(params.category, body);
    const dressed = fitGarment(person, new Uint8Array(shade.buffer, shade.byteOffset, shade.length), body, garment, placement);
    const png = await sharp(dressed, { raw: { width: person.width, height: person.height, channels: 3 } })
      .png({ compressionLevel: 6 })
      .toBuffer();
    const name = `try-on-${params.category}.png`;
    onProgress(1);
    return {
      files: [{ name, contentType: 'image/png', kind: 'image', data: png, preview: await makeImagePreview(png, name) }],
      summary: {
        category: params.category,
        width: person.width,
        height: person.height,
        body: {
          top: body.top,
          shoulderY: body.shoulderY,
          hipY: body.hipY,
          kneeY: body.kneeY,
          ankleY: body.ankleY,
          legsFound: body.legsFound,
        },
        garmentRows: [Math.round(placement.y0), Math.round(placement.y1)],
        engine: virtualTryOnBuiltinLabel,
      },
    };
  },
};
