import sharp from 'sharp';
import type { Config } from '@vladmandic/human';
import type { RgbImage } from '../ai-background/read-image-input.ts';
import type { AlphaMask } from '../ai-background/segment-subject.ts';
import { poseModel } from './pose-model.ts';

export type Point = { x: number; y: number };
/** [x, y, width, height] in pixels. */
export type Box = [number, number, number, number];

export const keypointNames = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;
export type KeypointName = (typeof keypointNames)[number];

/** A keypoint below this score is treated as not seen. */
export const keypointMinScore = 0.25;

export type PersonPose = {
  /** Only the keypoints the model saw with at least `keypointMinScore`. */
  keypoints: Partial<Record<KeypointName, Point & { score: number }>>;
  /** The face: BlazeFace's box, or one drawn around the head keypoints when it found none. */
  faceBox: Box;
  faceFrom: 'face-detector' | 'head-keypoints';
  /** The person's silhouette from the segmentation model, at the photo's size. */
  silhouette: AlphaMask;
};

const analysisLongSide = 768;

async function downscale(image: RgbImage, scale: number): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale)), { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

let queue: Promise<unknown> = Promise.resolve();

/** One photo at a time through the shared model instance. */
function serialised<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

function headBox(keypoints: PersonPose['keypoints']): Box | null {
  const head = (['nose', 'leftEye', 'rightEye', 'leftEar', 'rightEar'] as const)
    .map((name) => keypoints[name])
    .filter((p) => p !== undefined);
  if (head.length < 2) return null;
  const xs = head.map((p) => p.x);
  const ys = head.map((p) => p.y);
  const shoulders =
    keypoints.leftShoulder && keypoints.rightShoulder
      ? Math.hypot(keypoints.leftShoulder.x - keypoints.rightShoulder.x, keypoints.leftShoulder.y - keypoints.rightShoulder.y)
      : 0;
  const span = Math.max(...xs) - Math.min(...xs);
  const size = Math.max(span * 1.6, (Math.max(...ys) - Math.min(...ys)) * 2.5, shoulders * 0.45, 8);
  // A turned or bowed head puts its keypoints to one side of the face: the box is wider than it is tall then.
  const wide = Math.max(size, span * 2);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  return [cx - wide / 2, cy - size * 0.55, wide, size * 1.15];
}

/**
 * Finds the person in the photo: body keypoints, face box and silhouette. Returns null when the
 * models see no person with both shoulders and at least one hip or a face.
 */
export function detectPerson(image: RgbImage): Promise<PersonPose | null> {
  return serialised(async () => {
    const human = await poseModel();
    const { tf } = human;
    // The models look at 192–256 px inputs: a large photo is analysed at `analysisLongSide` and the results scaled up.
    const scale = Math.min(1, analysisLongSide / Math.max(image.width, image.height));
    const small = scale < 1 ? await downscale(image, scale) : image;
    const pixels = tf.tensor4d(Int32Array.from(small.data), [1, small.height, small.width, 3], 'int32');
    try {
      const result = await human.detect(pixels as never, { segmentation: { enabled: false } } as Partial<Config>);
      const body = result.body[0];
      if (!body) return null;
      const keypoints: PersonPose['keypoints'] = {};
      for (const point of body.keypoints) {
        if (point.score < keypointMinScore || !(keypointNames as readonly string[]).includes(point.part)) continue;
        keypoints[point.part as KeypointName] = { x: point.position[0] / scale, y: point.position[1] / scale, score: point.score };
      }
      const fromHead = headBox(keypoints);
      // A face box that holds none of the head's keypoints is a face found elsewhere (a poster, a pattern): not this person's.
      const head = (['nose', 'leftEye', 'rightEye'] as const).map((name) => keypoints[name]).filter((p) => p !== undefined);
      const face = result.face.find((candidate) => {
        if (head.length === 0) return true;
        const [x, y, w, h] = candidate.box.map((value) => value / scale) as Box;
        return head.some((p) => p.x >= x && p.x <= x + w && p.y >= y && p.y <= y + h);
      });
      const seen = keypoints.leftShoulder && keypoints.rightShoulder && (keypoints.leftHip || keypoints.rightHip || face || fromHead);
      if (!seen || (!face && !fromHead)) return null;

      const rgba = await human.segmentation(pixels as never, { segmentation: { enabled: true } } as Partial<Config>);
      if (!rgba) return null;
      const [height, width] = rgba.shape as [number, number, number];
      const values = (await rgba.data()) as Int32Array;
      tf.dispose(rgba);
      const alpha = new Uint8Array(width * height);
      for (let i = 0; i < alpha.length; i += 1) alpha[i] = values[i * 4 + 3]!;
      const silhouette =
        width === image.width && height === image.height
          ? alpha
          : await sharp(alpha, { raw: { width, height, channels: 1 } })
              .resize(image.width, image.height, { fit: 'fill' })
              .extractChannel(0)
              .raw()
              .toBuffer();
      return {
        keypoints,
        faceBox: face ? (face.box.map((value) => value / scale) as Box) : fromHead!,
        faceFrom: face ? 'face-detector' : 'head-keypoints',
        silhouette: { data: new Uint8Array(silhouette), width: image.width, height: image.height },
      };
    } finally {
      tf.dispose(pixels);
    }
  });
}
